import { addDays, localDate } from '@app/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { expiringSoonFilters, ValidityTag } from './BookingValidity';

// Issue 12: what the lists and the booking page say of a voucher's validity.

describe('ValidityTag', () => {
  const today = localDate();
  it.each([
    [addDays(today, 30), 1, 'Expire bientôt'],
    [today, 2, 'Expire bientôt'],
    [addDays(today, -1), 1, 'Validité dépassée'],
  ])('an open booking valid until %s (status %i) reads %s', (validity_date, booking_status_id, text) => {
    renderWithProviders(<ValidityTag booking={{ validity_date, booking_status_id }} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each([
    [addDays(today, 31), 1],
    [null, 1],
    [addDays(today, 5), 3],
    [addDays(today, -5), 4],
    [addDays(today, -5), 5],
  ])('says nothing for %s (status %i)', (validity_date, booking_status_id) => {
    renderWithProviders(<ValidityTag booking={{ validity_date, booking_status_id }} />);
    expect(screen.queryByText(/Expire bientôt|Validité dépassée/)).toBeNull();
  });
});

describe('expiringSoonFilters', () => {
  it('asks for open bookings valid from today to 30 days on', () => {
    expect(expiringSoonFilters('2027-02-10')).toEqual([
      { field: 'validity_date', op: '>=', value: '2027-02-10' },
      { field: 'validity_date', op: '<=', value: '2027-03-12' },
      { field: 'booking_status_id', op: 'in', value: ['1', '2'] },
    ]);
  });
});
