import { createRequire } from 'node:module';
import { ALLOWED_LINK_SCHEMES } from '@app/domain';
import type * as htmlToTextType from 'html-to-text';
import type sanitizeHtmlType from 'sanitize-html';

// The HTML of mails. One allow-list (the rich-text field's tags, colours and link schemes) serves the bodies staff save (templates, signature) and every mail
// as it is queued, once its variables are in (issue 26): what leaves is never more than an editor could have saved.

// Loaded on first use, not at start: sanitize-html and html-to-text with their parsers are a tenth of the server's
// start-up (issue 13: a restart serves in under 3 s).
const requireModule = createRequire(import.meta.url);
let sanitizeHtml: typeof sanitizeHtmlType | undefined;
let convertToText: ((html: string) => string) | undefined;

const EMAIL_HTML_ALLOW_LIST: sanitizeHtmlType.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'span',
    'ul',
    'ol',
    'li',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['style'], p: ['style'], '*': [] },
  allowedStyles: { '*': { color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^var\(--[\w-]+\)$/i] } },
  allowedSchemes: [...ALLOWED_LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
};

/** Hooks a caller may add to the pass (templates.ts fills the variables in); never the allow-list itself. */
export type SanitizeHooks = Pick<sanitizeHtmlType.IOptions, 'textFilter' | 'transformTags'>;

/** Rich-text bodies keep the editor's formatting (headings, lists, bold, italic, underline, colours, links) and nothing that could run or leak. */
export function sanitizeEmailHtml(html: string, hooks: SanitizeHooks = {}): string {
  sanitizeHtml ??= requireModule('sanitize-html') as typeof sanitizeHtmlType;
  return sanitizeHtml(html, { ...EMAIL_HTML_ALLOW_LIST, ...hooks });
}

/**
 * The plain-text part of a mail: characters instead of entities, one line per list item, a link's address after
 * its text (the reader must see where it leads). Lines are not wrapped: the mail client does, to its width.
 */
export function htmlToText(html: string): string {
  if (!convertToText) {
    const { compile } = requireModule('html-to-text') as typeof htmlToTextType;
    convertToText = compile({
      wordwrap: false,
      selectors: [
        { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
        { selector: 'h1', options: { uppercase: false } },
        { selector: 'h2', options: { uppercase: false } },
        { selector: 'h3', options: { uppercase: false } },
        { selector: 'ul', options: { itemPrefix: '- ' } },
      ],
    });
  }
  return convertToText(html);
}
