import type { FieldFlight, FieldOperation } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { fieldValueOf, overlay } from './field-offline';

// What the crew's screen shows (issue 31): the flights as last read, with the writes still waiting applied in the
// order typed, so a read that comes back before the queue is sent never hides a write.

const flight = (id: number): FieldFlight => ({
  id,
  scheduled_date: '2032-07-14',
  scheduled_time: '06:30:00',
  flight_status_id: 1,
  lock: null,
  location: null,
  balloon: null,
  pilot: null,
  teammates: [],
  pinned_note: null,
  inputs: {
    pilot_weight: 75,
    pilot_bag_weight: 10,
    has_balloon: true,
    empty_mass: 380,
    gas_mass: 90,
    volume: 3000,
    envelope_temperature: 100,
    takeoff_max_mass: 1500,
    flight_max_altitude: 1000,
    takeoff_altitude: 200,
    passenger_allowance: 7,
  },
  report: {
    takeoff_time: null,
    landing_time: null,
    takeoff_temperature: 15,
    takeoff_place: null,
    landing_place: null,
    remarks: null,
    incidents: null,
  },
  passengers: [
    {
      id: 5,
      full_name: 'Léa Nacelle',
      booking_id: 1,
      booking_number: 'TR-1',
      age: null,
      weight: 60,
      phone: null,
      passenger_type: null,
      is_present: null,
      is_briefed: 0,
    },
  ],
});

const op = (values: Partial<FieldOperation> & Pick<FieldOperation, 'field' | 'value'>): FieldOperation => ({
  id: `op-${Math.random()}`,
  flight_id: 1,
  passenger_id: null,
  base: null,
  ...values,
});

describe('overlay', () => {
  it('applies the waiting writes in order, on their own flight only', () => {
    const [one, two] = overlay(
      [flight(1), flight(2)],
      [
        op({ field: 'weight', passenger_id: 5, value: 64.5 }),
        op({ field: 'weight', passenger_id: 5, value: 66 }),
        op({ field: 'is_present', passenger_id: 5, value: 1 }),
        op({ field: 'takeoff_time', value: '06:42:00' }),
      ],
    );
    expect(one!.passengers[0]).toMatchObject({ weight: 66, is_present: 1 });
    expect(fieldValueOf(one!, 'takeoff_time')).toBe('06:42:00');
    expect(two!.passengers[0]).toMatchObject({ weight: 60, is_present: null });
    expect(fieldValueOf(two!, 'takeoff_time')).toBeNull();
  });

  it('leaves the flights read untouched', () => {
    const read = [flight(1)];
    overlay(read, [op({ field: 'remarks', value: 'RAS' })]);
    expect(read[0]!.report.remarks).toBeNull();
  });
});
