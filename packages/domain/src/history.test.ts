import { describe, expect, it } from 'vitest';
import { formatHistoryValue, historyChanges, historyFieldLabel, historyResourceLabel } from './history.js';

describe('history display', () => {
  it('writes values as a French reader expects them', () => {
    expect(formatHistoryValue('weight', 82.5)).toBe('82,5');
    expect(formatHistoryValue('date', '2026-07-14')).toBe('14/07/2026');
    expect(formatHistoryValue('scheduled_time', '06:30:00')).toBe('06:30');
    expect(formatHistoryValue('is_referent', 1)).toBe('Oui');
    expect(formatHistoryValue('refundable', 0)).toBe('Non');
    expect(formatHistoryValue('booking_status_id', 1)).toBe('En attente');
    expect(formatHistoryValue('flight_status_id', 1)).toBe('Planifié');
    expect(formatHistoryValue('passenger_id', 12)).toBe('n° 12');
    expect(formatHistoryValue('teammates', [3, 5])).toBe('3, 5');
    expect(formatHistoryValue('teammates', [])).toBe('aucun');
    // The requested dates a realized flight closed (issue 27), each written as a date.
    expect(formatHistoryValue('closed_dates', ['2031-06-09', '2031-06-12'])).toBe('09/06/2031, 12/06/2031');
    expect(historyResourceLabel('flight-closures')).toBe('Clôture par le vol réalisé');
    expect(formatHistoryValue('email', null)).toBe('—');
    expect(formatHistoryValue('password_hash', '(secret)')).toBe('masqué');
    expect(formatHistoryValue('last_name', '(effacé)')).toBe('effacé');
    expect(formatHistoryValue('content', '<p>Client <strong>à rappeler</strong></p>')).toBe('Client à rappeler');
  });

  it('names fields and resources in French, and reads a malformed change set as none', () => {
    expect(historyFieldLabel('paid_amount')).toBe('Montant payé');
    expect(historyFieldLabel('unknown_field')).toBe('unknown_field');
    expect(historyResourceLabel('requested-dates')).toBe('Date souhaitée');
    expect(historyChanges({ changes: '{"weight":[80,82.5]}' })).toEqual([{ field: 'weight', old: 80, new: 82.5 }]);
    expect(historyChanges({ changes: 'pas du JSON' })).toEqual([]);
  });

  it('names what the special writes record: postponements, extensions, requests and imports', () => {
    expect(historyResourceLabel('flight-postponements')).toBe('Report météo (passager)');
    expect(historyResourceLabel('booking-validity-extensions')).toBe('Prolongation de validité');
    expect(historyFieldLabel('validity_date')).toBe('Date de validité');
    expect(historyFieldLabel('reason')).toBe('Motif');
    expect(formatHistoryValue('previous_booking_status_id', 2)).toBe('En cours');
    expect(formatHistoryValue('status', 'refused')).toBe('Refusée');
    expect(formatHistoryValue('removed_requested_date', 1)).toBe('Oui');
    // In the reader's time zone, as the entries' own dates are shown.
    const instant = new Date(2026, 10, 23, 13, 3, 14).toISOString();
    expect(formatHistoryValue('postponed_at', instant)).toBe('23/11/2026 13:03');
  });
});
