import { Font } from '@react-pdf/renderer';

// Shared by every printed document. Helvetica and Times are PDF standard fonts (WinAnsi: French accents and €
// print, nothing to embed). Words are never hyphenated: a name or a number cut in two is a misprint.
Font.registerHyphenationCallback((word) => [word]);
