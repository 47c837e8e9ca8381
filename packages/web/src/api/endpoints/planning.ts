import { PLANNING_DAY_PATH, PLANNING_RANGE_PATH, type PlanningDay, type PlanningRange } from '@app/domain';
import { postRead } from '../reads';

// The planning's reads: the calendar's weeks and months, a day's sidebar.

export const planningReads = {
  range: (from: string, to: string) =>
    postRead<PlanningRange>('planning', PLANNING_RANGE_PATH, { from, to }, ['range', from, to]),
  day: (day: string) => postRead<PlanningDay>('planning', PLANNING_DAY_PATH, { day }, ['day', day]),
};
