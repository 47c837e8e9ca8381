import { ReferenceListPage } from '../../components/ReferenceData';
import { paymentMethodsConfig } from './payment-methods.config';

export default function PaymentMethodsPage() {
  return <ReferenceListPage config={paymentMethodsConfig} />;
}
