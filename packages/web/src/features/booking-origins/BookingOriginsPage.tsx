import { ReferenceListPage } from '../reference-data';
import { bookingOriginsConfig } from './booking-origins.config';

export default function BookingOriginsPage() {
  return <ReferenceListPage config={bookingOriginsConfig} />;
}
