import {
  IconBalloon,
  IconCalendar,
  IconCheck,
  IconClipboardCheck,
  IconClipboardList,
  IconCloudRain,
  IconX,
} from '@tabler/icons-react';
import type { TagIcon } from './StatusTag';

// The icon names of the booking and flight statuses (statuses.ts in the domain) as icon components, for tags and navigation.
const ICONS: Record<string, TagIcon> = {
  'clipboard-list': IconClipboardList,
  'clipboard-check': IconClipboardCheck,
  x: IconX,
  calendar: IconCalendar,
  check: IconCheck,
  rain: IconCloudRain,
  balloon: IconBalloon,
};

export const statusIcon = (name: string): TagIcon => ICONS[name] ?? IconClipboardList;
