import { ReferenceListPage } from '../../components/ReferenceData';
import { locationsConfig } from './locations.config';

export default function LocationsPage() {
  return <ReferenceListPage config={locationsConfig} />;
}
