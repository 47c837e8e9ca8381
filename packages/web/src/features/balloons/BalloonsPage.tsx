import { ReferenceListPage } from '../reference-data';
import { balloonsConfig } from './balloons.config';

export default function BalloonsPage() {
  return <ReferenceListPage config={balloonsConfig} />;
}
