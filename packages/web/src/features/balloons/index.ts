import { lazyDialog } from '../../components/LazyDialog/lazy-dialog';
// What other features embed of the balloons: the maximum takeoff mass calculator (the flight's operating plan).

/** The take-off mass calculator: its code comes when the page is loaded, or at its first opening (see lazyDialog). */
export const TakeoffMassCalculatorDialog = lazyDialog(() =>
  import('./TakeoffMassCalculatorDialog').then((module) => module.TakeoffMassCalculatorDialog),
);
