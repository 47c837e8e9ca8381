import { addDays, type ValidityExtensionRow } from '@app/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { today as operatorToday } from '../../lib/today';
import { renderWithProviders } from '../../test/render';
import { expiringSoonFilters, mailState, ValidityHistory, ValidityTag } from './BookingValidity';

// Issue 12: what the lists and the booking page say of a voucher's validity.

describe('ValidityTag', () => {
  const today = operatorToday();
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

// Issue 29: the validity history, every extension with its reason, author, date and what became of its mail.
describe('ValidityHistory', () => {
  const row = (over: Partial<ValidityExtensionRow>): ValidityExtensionRow => ({
    id: 1,
    booking_id: 7,
    months: 4,
    reason: 'Report météo du 12/06/2026 (règle échéance proche)',
    previous_validity_date: '2026-07-01',
    validity_date: '2026-11-01',
    user_name: 'Automatique',
    created_at: '2026-06-12T05:10:00.000Z',
    rule: 'near_expiry',
    flight_id: 3,
    outbox_mail_id: 9,
    mail_status: 'sent',
    mail_sent_at: '2026-06-12T05:11:00.000Z',
    ...over,
  });

  it('lists each extension, newest first as given, with its author and whether the mail left', () => {
    renderWithProviders(
      <ValidityHistory
        extensions={[
          row({
            id: 3,
            months: 6,
            reason: 'Report météo du 20/06/2026 (règle des 4 reports)',
            mail_status: 'pending',
            mail_sent_at: null,
            rule: 'attempts',
            created_at: '2026-06-20T05:00:00.000Z',
            validity_date: '2027-05-01',
          }),
          row({}),
          row({
            id: 1,
            months: 2,
            reason: 'Geste commercial',
            user_name: 'Amélie Lefèvre',
            rule: null,
            outbox_mail_id: null,
            mail_status: null,
            mail_sent_at: null,
            created_at: '2026-05-02T10:00:00.000Z',
            validity_date: '2026-07-01',
          }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Historique de validité' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      "+6 mois, jusqu'au 01/05/2027 — Report météo du 20/06/2026 (règle des 4 reports)20/06/2026 · AutomatiqueEmail en attente d'envoi",
      "+4 mois, jusqu'au 01/11/2026 — Report météo du 12/06/2026 (règle échéance proche)12/06/2026 · AutomatiqueEmail envoyé le 12/06/2026",
      "+2 mois, jusqu'au 01/07/2026 — Geste commercial02/05/2026 · Amélie LefèvreSans email",
    ]);
  });

  it('says when there is none, and what a withdrawn or missing mail reads', () => {
    renderWithProviders(<ValidityHistory extensions={[]} />);
    expect(screen.getByText('Aucune prolongation.')).toBeInTheDocument();
    expect(mailState({ mail_status: 'failed', mail_sent_at: null, rule: 'attempts' })).toBe('Email non envoyé');
    expect(mailState({ mail_status: null, mail_sent_at: null, rule: 'attempts' })).toBe('Sans email (aucune adresse)');
  });
});
