import { describe, expect, it } from 'vitest';
import {
  type ALLOWED_LINK_SCHEMES,
  BREAKPOINTS,
  DEFAULT_PLANNING_VIEW,
  HEADING_LEVELS,
  isAllowedLinkUrl,
  LIST_PAGE_SIZE,
  SEARCH_MIN_LENGTH,
} from './constants.js';
import { DEFAULT_PER_PAGE } from './query.js';

describe('business constants and limits', () => {
  it('keeps the values of the spec table', () => {
    expect(SEARCH_MIN_LENGTH).toBe(3);
    expect(LIST_PAGE_SIZE).toBe(10);
    expect(Object.values(BREAKPOINTS)).toEqual([568, 768, 1024, 1200, 1590]);
    expect(HEADING_LEVELS).toEqual([1, 2, 3]);
    expect(DEFAULT_PLANNING_VIEW).toBe('week');
  });

  it('keeps the list page size and the API default page size in step', () => {
    expect(DEFAULT_PER_PAGE).toBe(LIST_PAGE_SIZE);
  });
});

describe('isAllowedLinkUrl (rich-text link schemes)', () => {
  it('accepts every allowed scheme, in any case', () => {
    const samples: Record<(typeof ALLOWED_LINK_SCHEMES)[number], string> = {
      http: 'http://example.fr',
      https: 'https://example.fr/a?b=c#d',
      ftp: 'ftp://files.example.fr/x',
      ftps: 'ftps://files.example.fr/x',
      mailto: 'mailto:contact@example.fr',
      tel: 'tel:+33612345678',
      callto: 'callto:+33612345678',
      sms: 'sms:+33612345678',
      cid: 'cid:logo@example.fr',
      xmpp: 'xmpp:pilote@example.fr',
    };
    for (const url of Object.values(samples)) expect(isAllowedLinkUrl(url), url).toBe(true);
    expect(isAllowedLinkUrl('  HTTPS://Example.fr  ')).toBe(true);
    expect(isAllowedLinkUrl('https://example.fr\n')).toBe(true);
  });

  it('refuses other schemes, relative addresses, empty links and smuggled control characters', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
      'file:///etc/passwd',
      'java\tscript:alert(1)',
      'https://exa\u0000mple.fr',
      'www.example.fr',
      '/relative/page',
      '//example.fr',
      'mailto:',
      'https:',
      '',
      '   ',
    ]) {
      expect(isAllowedLinkUrl(url), JSON.stringify(url)).toBe(false);
    }
  });
});
