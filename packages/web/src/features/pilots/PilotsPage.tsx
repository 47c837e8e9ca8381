import { ReferenceListPage } from '../../components/ReferenceData';
import { pilotsConfig } from './pilots.config';

export default function PilotsPage() {
  return <ReferenceListPage config={pilotsConfig} />;
}
