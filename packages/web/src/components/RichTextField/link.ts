import { isAllowedLinkUrl } from '@app/domain';
import Link from '@tiptap/extension-link';

/**
 * Links: only the allowed schemes (domain isAllowedLinkUrl), never opened by a click in the editor.
 * Tiptap drops a disallowed link when reading HTML; the spec wants it kept as a link with an empty address,
 * so every <a href> is read and renderHTML (which blanks a disallowed href) decides what is written back.
 */
export const SafeLink = Link.extend({
  parseHTML() {
    return [{ tag: 'a[href]' }];
  },
}).configure({
  openOnClick: false,
  isAllowedUri: (url) => typeof url === 'string' && isAllowedLinkUrl(url),
  HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
});
