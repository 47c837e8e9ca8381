// What other features embed of the balloons: the maximum takeoff mass calculator (the flight's operating plan).

export { TakeoffMassCalculatorDialog } from './TakeoffMassCalculatorDialog';
