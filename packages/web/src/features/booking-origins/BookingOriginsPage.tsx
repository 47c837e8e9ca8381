import { ReferenceListPage } from '../../components/ReferenceData';
import { bookingOriginsConfig } from './booking-origins.config';

export default function BookingOriginsPage() {
  return <ReferenceListPage config={bookingOriginsConfig} />;
}
