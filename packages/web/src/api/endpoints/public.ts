import { PUBLIC_PLANNING_PATH, type PublicPlanning } from '@app/domain';
import { publicApi } from '../client';
import { apiRead } from '../reads';

// The planning widget's read: no session, narrowed to one place when the operator's snippet names it.

export const publicPlanningRead = (locationId: string | null) =>
  apiRead<PublicPlanning>('public-planning', [locationId], (signal) =>
    publicApi.get<PublicPlanning>(
      locationId ? `${PUBLIC_PLANNING_PATH}?location_id=${encodeURIComponent(locationId)}` : PUBLIC_PLANNING_PATH,
      signal,
    ),
  );
