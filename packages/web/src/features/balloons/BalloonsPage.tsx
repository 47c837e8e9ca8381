import { ReferenceListPage } from '../../components/ReferenceData';
import { balloonsConfig } from './balloons.config';

export default function BalloonsPage() {
  return <ReferenceListPage config={balloonsConfig} />;
}
