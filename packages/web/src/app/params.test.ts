import { describe, expect, it } from 'vitest';
import { hasValidRouteParams, isDigitsOnly } from './params';

describe('digits-only route parameters', () => {
  it('accepts digits only', () => {
    expect(isDigitsOnly('42')).toBe(true);
    expect(isDigitsOnly('007')).toBe(true);
    for (const value of ['', 'abc', '12a', '-1', '1.5', ' 12', '1e3', '١٢']) expect(isDigitsOnly(value)).toBe(false);
  });

  it('checks bookingId, flightId, balloonId and ticketTemplateId, and no other parameter', () => {
    expect(hasValidRouteParams({ bookingId: '12' })).toBe(true);
    expect(hasValidRouteParams({ bookingId: 'abc' })).toBe(false);
    expect(hasValidRouteParams({ flightId: '3x' })).toBe(false);
    expect(hasValidRouteParams({ balloonId: 'x' })).toBe(false);
    expect(hasValidRouteParams({ ticketTemplateId: '1 ' })).toBe(false);
    expect(hasValidRouteParams({ status: 'pending', '*': 'anything' })).toBe(true);
    expect(hasValidRouteParams({})).toBe(true);
  });
});
