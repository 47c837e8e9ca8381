import { describe, expect, it } from 'vitest';
import {
  formatHistoryValue,
  historyChanges,
  historyChangeTexts,
  historyDetails,
  historyFieldLabel,
  historyRecordTitle,
  historyResourceLabel,
} from './history.js';

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

  it('names records by the names the server answers (issue 27), by number without one', () => {
    const entry = { resource: 'bookings', record_id: 301, record_label: '2026-00263' };
    expect(historyRecordTitle(entry)).toBe('Réservation 2026-00263');
    expect(historyRecordTitle({ ...entry, record_label: null })).toBe('Réservation n° 301');
    expect(historyRecordTitle({ resource: 'passengers', record_id: 12, record_label: 'n° 12 (supprimé)' })).toBe(
      'Passager n° 12 (supprimé)',
    );
    // A flight's name says it is one.
    const flight = { resource: 'flights', record_id: 9, record_label: 'Vol du 14/07/2032 à 06:45' };
    expect(historyRecordTitle(flight)).toBe('Vol du 14/07/2032 à 06:45');
    expect(historyRecordTitle({ ...flight, record_label: 'n° 9 (supprimé)' })).toBe('Vol n° 9 (supprimé)');

    const changes = JSON.stringify({ location_id: [1, 2], teammates: [[3], [3, 5]], weight: [80, 82.5] });
    const labels = JSON.stringify({
      location_id: ['Chambley', 'Metz'],
      teammates: [['Paul Roux'], ['Paul Roux', null]],
    });
    expect(historyChangeTexts({ changes, labels })).toEqual([
      { field: 'location_id', label: 'Lieu', old: 'Chambley', new: 'Metz' },
      { field: 'teammates', label: 'Équipiers', old: 'Paul Roux', new: 'Paul Roux, 5' },
      { field: 'weight', label: 'Poids', old: '80', new: '82,5' },
    ]);
    // Without names (or unreadable ones): the values as before.
    expect(historyChangeTexts({ changes, labels: null })[0]).toMatchObject({ old: 'n° 1', new: 'n° 2' });
    expect(historyChangeTexts({ changes, labels: 'pas du JSON' })[0]).toMatchObject({ old: 'n° 1' });
    expect(historyDetails({ changes, labels, action: 'update' })).toBe(
      'Lieu : Chambley → Metz ; Équipiers : Paul Roux → Paul Roux, 5 ; Poids : 80 → 82,5',
    );
    expect(
      historyDetails({ changes: '{"user_id":[null,4]}', labels: '{"user_id":[null,"Ana Roy"]}', action: 'create' }),
    ).toBe('Auteur : Ana Roy');
  });
});
