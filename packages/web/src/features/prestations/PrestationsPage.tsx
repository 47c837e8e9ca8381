import { ReferenceListPage } from '../../components/ReferenceData';
import { prestationsConfig } from './prestations.config';

export default function PrestationsPage() {
  return <ReferenceListPage config={prestationsConfig} />;
}
