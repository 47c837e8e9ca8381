import { ReferenceListPage } from '../reference-data';
import { pilotsConfig } from './pilots.config';

export default function PilotsPage() {
  return <ReferenceListPage config={pilotsConfig} />;
}
