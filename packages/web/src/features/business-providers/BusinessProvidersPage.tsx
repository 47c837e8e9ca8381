import { ReferenceListPage } from '../reference-data';
import { businessProvidersConfig } from './business-providers.config';

export default function BusinessProvidersPage() {
  return <ReferenceListPage config={businessProvidersConfig} />;
}
