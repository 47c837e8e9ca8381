import { ReferenceListPage } from '../reference-data';
import { prestationsConfig } from './prestations.config';

export default function PrestationsPage() {
  return <ReferenceListPage config={prestationsConfig} />;
}
