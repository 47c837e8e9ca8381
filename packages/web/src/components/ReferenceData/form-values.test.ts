import type { SessionSettings } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { balloonsConfig } from '../../features/balloons/balloons.config';
import { locationsConfig } from '../../features/locations/locations.config';
import { prestationsConfig } from '../../features/prestations/prestations.config';
import { initialValues, toPayload, visibleSections } from './form-values';

const settings = (overrides: Partial<SessionSettings> = {}): SessionSettings => ({
  remoteOrdersImport: false,
  planningWidgetsEnabled: false,
  ticketingEnabled: false,
  ...overrides,
});
const names = (config: { sections: Parameters<typeof visibleSections>[0] }, s: SessionSettings) =>
  visibleSections(config.sections, s).flatMap((section) => section.fields.map((field) => field.name));

describe('reference dialog values', () => {
  it('shows the ticket template choice on prestations only when ticketing is enabled', () => {
    expect(names(prestationsConfig, settings())).toEqual(['label', 'shop_sku', 'is_default']);
    expect(names(prestationsConfig, settings({ ticketingEnabled: true }))).toEqual([
      'label',
      'shop_sku',
      'ticket_template_id',
      'is_default',
    ]);
  });

  it('shows the location restrictive switch only with the planning widgets', () => {
    expect(names(locationsConfig, settings())).not.toContain('is_restrictive');
    expect(names(locationsConfig, settings({ planningWidgetsEnabled: true }))).toContain('is_restrictive');
  });

  it('starts a new location restrictive (the default) and not default', () => {
    const values = initialValues(locationsConfig.sections, null);
    expect(values).toMatchObject({ label: '', is_restrictive: 1, is_default: 0, takeoff_altitude: '' });
  });

  it('leaves hidden fields out of the payload, so their stored value stays', () => {
    const record = { id: 3, label: 'Amboise', is_restrictive: 0, is_default: 1, takeoff_altitude: 62 };
    const values = initialValues(locationsConfig.sections, record);
    const hidden = toPayload(locationsConfig.sections, values, settings());
    expect(hidden).not.toHaveProperty('is_restrictive');
    expect(hidden).toEqual({
      label: 'Amboise',
      takeoff_altitude: 62,
      flight_max_altitude: null,
      is_default: 1,
      risk_factors: '',
    });
    const shown = toPayload(locationsConfig.sections, values, settings({ planningWidgetsEnabled: true }));
    expect(shown.is_restrictive).toBe(0);
  });

  it('sends numbers as numbers, empty numbers as null, switches as 0/1 and choices as ids', () => {
    const values = {
      ...initialValues(balloonsConfig.sections, null),
      label: 'F-HBAL',
      passengers: '8',
      takeoff_max_mass: '1950.5',
      volume: '',
      is_default: 1 as const,
    };
    const payload = toPayload(balloonsConfig.sections, values, settings());
    expect(payload).toMatchObject({
      label: 'F-HBAL',
      passengers: 8,
      takeoff_max_mass: 1950.5,
      volume: null,
      is_default: 1,
    });
    // 16 fields, and issue 30's cylinders, hours before, last inspection and hours at it.
    expect(Object.keys(payload)).toHaveLength(20);
    expect(payload).toMatchObject({ cylinders: null, hours_before: null, last_inspection_on: '' });

    const prestation = toPayload(
      prestationsConfig.sections,
      { label: 'Vol découverte', shop_sku: 'VOL-DECOUVERTE', ticket_template_id: '4', is_default: 0 },
      settings({ ticketingEnabled: true }),
    );
    expect(prestation).toEqual({
      label: 'Vol découverte',
      shop_sku: 'VOL-DECOUVERTE',
      ticket_template_id: 4,
      is_default: 0,
    });
    const cleared = toPayload(
      prestationsConfig.sections,
      { label: 'Vol découverte', ticket_template_id: null, is_default: 0 },
      settings({ ticketingEnabled: true }),
    );
    expect(cleared.ticket_template_id).toBeNull();
  });
});
