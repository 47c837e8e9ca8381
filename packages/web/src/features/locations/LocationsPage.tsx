import { ReferenceListPage } from '../reference-data';
import { locationsConfig } from './locations.config';

export default function LocationsPage() {
  return <ReferenceListPage config={locationsConfig} />;
}
