import { ReferenceListPage } from '../../components/ReferenceData';
import { flightTypesConfig } from './flight-types.config';

export default function FlightTypesPage() {
  return <ReferenceListPage config={flightTypesConfig} />;
}
