import { ReferenceListPage } from '../../components/ReferenceData';
import { passengerTypesConfig } from './passenger-types.config';

export default function PassengerTypesPage() {
  return <ReferenceListPage config={passengerTypesConfig} />;
}
