import { describe, expect, it } from 'vitest';
import { formatHistoryValue, historyFieldLabel } from './history.js';

// Issue 29: the history reads the weather attempts, the refund and an automatic extension's rule in French.

describe('history of vouchers through the weather', () => {
  it('names the fields and their values', () => {
    expect(historyFieldLabel('weather_postponements')).toBe('Reports météo');
    expect(historyFieldLabel('refund_to_offer')).toBe('Remboursement à proposer');
    expect(historyFieldLabel('refunded_amount')).toBe('Montant remboursé');
    expect(historyFieldLabel('rule')).toBe('Règle');
    expect(formatHistoryValue('refund_to_offer', 1)).toBe('Oui');
    expect(formatHistoryValue('rule', 'near_expiry')).toBe('échéance proche');
    expect(formatHistoryValue('rule', 'attempts')).toBe('reports météo répétés');
    expect(formatHistoryValue('refunded_on', '2031-04-01')).toBe('01/04/2031');
  });
});
