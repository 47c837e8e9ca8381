import { ReferenceListPage } from '../reference-data';
import { passengerTypesConfig } from './passenger-types.config';

export default function PassengerTypesPage() {
  return <ReferenceListPage config={passengerTypesConfig} />;
}
