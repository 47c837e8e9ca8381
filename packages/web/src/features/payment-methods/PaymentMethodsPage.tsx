import { ReferenceListPage } from '../reference-data';
import { paymentMethodsConfig } from './payment-methods.config';

export default function PaymentMethodsPage() {
  return <ReferenceListPage config={paymentMethodsConfig} />;
}
