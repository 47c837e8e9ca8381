// The maximum takeoff mass calculator: used by the calculator dialog and by the server's flight_masses
// (with the flight takeoff_temperature and flight_max_altitude, location takeoff_altitude, balloon
// volume and envelope_temperature). The coefficients are the spec's, kept verbatim.

/** Temperature lapse rate of the standard atmosphere, °C per metre. */
export const LAPSE_RATE = 0.0065;
/** Sea-level pressure, hPa. */
export const SEA_LEVEL_PRESSURE = 1013.25;
/** Sea-level temperature of the pressure formula, K. */
export const SEA_LEVEL_TEMPERATURE_K = 288.16;
export const PRESSURE_EXPONENT = 5.256;
/** 0 °C in kelvins, as the spec writes it. */
export const CELSIUS_TO_KELVIN = 273.16;
/** Air density factor of the lift formula (kg·K per m³·hPa). */
export const LIFT_FACTOR = 0.3484;

export type TakeoffMassInputs = {
  /** Ground (takeoff) temperature, °C. */
  groundTemperature: number;
  /** Maximum altitude of the flight, m. */
  maxAltitude: number;
  /** Altitude of the takeoff site, m. */
  takeoffAltitude: number;
  /** Envelope volume, m³. */
  volume: number;
  /** Air temperature inside the envelope, °C. */
  envelopeTemperature: number;
};

export type TakeoffMassResult = {
  /** Outside temperature at the maximum altitude, °C, rounded to 2 decimals. */
  outsideTemperature: number;
  /** Air pressure at the maximum altitude, hPa, rounded to 2 decimals. */
  pressure: number;
  /** Maximum takeoff mass (lift), kg, rounded to the unit; 0 when the envelope is not hotter than the air. */
  lift: number;
};

const isFiniteNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Rounds for display; `+ 0` turns -0 into 0. */
const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0;
};

/**
 * The calculator's formulas, computed on unrounded intermediates; only the returned values are rounded.
 * - outside = ground − 0.0065 × (max altitude − takeoff altitude)
 * - pressure = 1013.25 × (1 − 0.0065 × max altitude / 288.16)^5.256
 * - lift = 0.3484 × volume × pressure × (1/(outside + 273.16) − 1/(envelope + 273.16))
 *
 * Returns null when an input is missing or not a finite number, or when the inputs leave the formulas'
 * domain (a temperature at or below absolute zero, an altitude above about 44 km): nothing sensible to show.
 * A lift at or below zero (envelope not hotter than the outside air, or no volume) is returned as 0 kg:
 * the balloon can take off with nothing, and a negative "maximum mass" would only mislead.
 */
export const computeTakeoffMass = (
  inputs: {
    [K in keyof TakeoffMassInputs]: number | null | undefined;
  },
): TakeoffMassResult | null => {
  const { groundTemperature, maxAltitude, takeoffAltitude, volume, envelopeTemperature } = inputs;
  if (
    !isFiniteNumber(groundTemperature) ||
    !isFiniteNumber(maxAltitude) ||
    !isFiniteNumber(takeoffAltitude) ||
    !isFiniteNumber(volume) ||
    !isFiniteNumber(envelopeTemperature)
  ) {
    return null;
  }

  const outside = groundTemperature - LAPSE_RATE * (maxAltitude - takeoffAltitude);
  const base = 1 - (LAPSE_RATE * maxAltitude) / SEA_LEVEL_TEMPERATURE_K;
  const outsideK = outside + CELSIUS_TO_KELVIN;
  const envelopeK = envelopeTemperature + CELSIUS_TO_KELVIN;
  if (base <= 0 || outsideK <= 0 || envelopeK <= 0) return null;

  const pressure = SEA_LEVEL_PRESSURE * base ** PRESSURE_EXPONENT;
  const lift = LIFT_FACTOR * volume * pressure * (1 / outsideK - 1 / envelopeK);
  return {
    outsideTemperature: round(outside, 2),
    pressure: round(pressure, 2),
    lift: lift > 0 ? round(lift, 0) : 0,
  };
};
