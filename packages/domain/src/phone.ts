// The phone is auto-spaced in groups of two after stripping spaces, dots and dashes.
// Every rule here is stable while typing (formatting a prefix of a number gives a prefix of the result)
// and idempotent (formatPhone(formatPhone(x)) === formatPhone(x)), so it can run on every keystroke.

/** Separators removed before grouping: any white space (incl. non-breaking), dots and dashes. */
const SEPARATORS = /[\s.-]/g;

// E.164 country codes are prefix-free: 1 and 7 have one digit, the codes below two, every other code three.
const ONE_DIGIT_CODES = new Set(['1', '7']);
const TWO_DIGIT_CODES = new Set(
  '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98'.split(
    ' ',
  ),
);

/** Length of the country code at the start of `digits` (the digits after '+'). */
export const countryCodeLength = (digits: string): number => {
  if (ONE_DIGIT_CODES.has(digits.slice(0, 1))) return 1;
  if (TWO_DIGIT_CODES.has(digits.slice(0, 2))) return 2;
  return 3;
};

const pairs = (digits: string): string[] => digits.match(/.{1,2}/g) ?? [];

/**
 * Formats a phone number as typed:
 * - `0612345678`, `06.12-34 56.78` → `06 12 34 56 78` (digits in pairs from the left; an odd last digit
 *   stays alone: `061234567` → `06 12 34 56 7`). `0033…` is digits like any other: `00 33 61 …`.
 * - `+33612345678` → `+33 6 12 34 56 78`: for France the first digit of the national number stands alone,
 *   as French numbers are written (unless it is a stray trunk 0: `+33 06 12 …`).
 * - Any other `+code`: the country code (1 to 3 digits, found from the E.164 code table), then the national
 *   number in pairs from the left: `+4915112345678` → `+49 15 11 23 45 67 8`, `+352621123456` → `+352 62 11 23 45 6`.
 * - Anything else (letters, parentheses, an extension, a '+' not in first place) is returned unchanged
 *   apart from surrounding spaces: no character the user typed is ever lost.
 */
export const formatPhone = (input: string): string => {
  const stripped = input.replace(SEPARATORS, '');
  if (/^\d*$/.test(stripped)) return pairs(stripped).join(' ');
  if (!/^\+\d*$/.test(stripped)) return input.trim();

  const digits = stripped.slice(1);
  const codeLength = countryCodeLength(digits);
  const code = digits.slice(0, codeLength);
  const national = digits.slice(codeLength);
  if (national === '') return `+${code}`;
  const groups =
    code === '33' && !national.startsWith('0') ? [national.slice(0, 1), ...pairs(national.slice(1))] : pairs(national);
  return `+${code} ${groups.join(' ')}`;
};
