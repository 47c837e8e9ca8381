import { ReferenceListPage } from '../reference-data';
import { flightTypesConfig } from './flight-types.config';

export default function FlightTypesPage() {
  return <ReferenceListPage config={flightTypesConfig} />;
}
