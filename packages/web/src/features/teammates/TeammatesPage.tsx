import { ReferenceListPage } from '../reference-data';
import { teammatesConfig } from './teammates.config';

export default function TeammatesPage() {
  return <ReferenceListPage config={teammatesConfig} />;
}
