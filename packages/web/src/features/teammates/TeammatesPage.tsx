import { ReferenceListPage } from '../../components/ReferenceData';
import { teammatesConfig } from './teammates.config';

export default function TeammatesPage() {
  return <ReferenceListPage config={teammatesConfig} />;
}
