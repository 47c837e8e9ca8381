import { useEffect } from 'react';
import { settingsReads } from '../api/endpoints/settings';
import { useApiQuery } from '../api/hooks';
import { setOperatorTimeZone } from '../lib/today';

// The app shell keeps lib/today's zone in step with the setting; lib/today itself reads nothing, so the field's lean
// page (terrain.tsx) takes the zone remembered on the device without the office's data layer.

/** Keeps the operator's time zone in step with the setting (read once signed in, again after a settings save). */
export function useOperatorTimeZone(): void {
  // Without it the remembered or default zone stays: nothing to tell the user.
  const setting = useApiQuery(settingsReads.keys(['operator_time_zone']), { failure: null, staleTime: 5 * 60_000 });
  const zone = setting.data?.find((row) => row.key === 'operator_time_zone')?.value;
  useEffect(() => {
    if (zone !== undefined) setOperatorTimeZone(zone);
  }, [zone]);
}
