import { ReferenceListPage } from '../../components/ReferenceData';
import { businessProvidersConfig } from './business-providers.config';

export default function BusinessProvidersPage() {
  return <ReferenceListPage config={businessProvidersConfig} />;
}
