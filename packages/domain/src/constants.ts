// Business constants and limits, plus the link schemes the rich-text field accepts.
// Initial booking/flight status ids live in statuses.ts (INITIAL_BOOKING_STATUS_ID, INITIAL_FLIGHT_STATUS_ID).

/** Search and autocomplete send the text from this many characters on. */
export const SEARCH_MIN_LENGTH = 3;
/** Debounce of search and autocomplete inputs. */
export const SEARCH_DEBOUNCE_MS = 200;
/** Debounce of a data list fetch. */
export const LIST_FETCH_DEBOUNCE_MS = 100;
/** Rows per page of the data lists. Same value as DEFAULT_PER_PAGE of the API (query.ts). */
export const LIST_PAGE_SIZE = 10;
/** First page number. */
export const LIST_PAGE_START = 1;
/** Page numbers shown by the pagination on large screens. */
export const PAGE_NUMBERS_LARGE = 5;
/** Page numbers shown by the pagination on small screens. */
export const PAGE_NUMBERS_SMALL = 3;

/** Default time-out of a notification. */
export const NOTIFICATION_TIMEOUT_MS = 4000;
/** Close animation of a modal dialog. */
export const MODAL_CLOSE_MS = 500;

/** A planned flight with availability at or below this is full. */
export const AVAILABILITY_FULL_THRESHOLD = 0;
/** A planned flight with availability above FULL and at or below this is limited; above it, free. */
export const AVAILABILITY_LIMITED_THRESHOLD = 2;
/** The passenger counter turns to warning from capacity minus this. */
export const PASSENGER_WARNING_MARGIN = 2;
/** The total weight turns to warning from this share of the balloon's market_mass. */
export const WEIGHT_WARNING_RATIO = 0.8;
/** Flights and notes before this hour are morning, from it evening. */
export const MORNING_EVENING_SPLIT_HOUR = 12;

/** Responsive breakpoints in px (min-widths). */
export const BREAKPOINTS = { xs: 568, sm: 768, md: 1024, lg: 1200, xl: 1590 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Rows of a multi-line text field inside a dialog. */
export const TEXTAREA_ROWS_DIALOG = 6;
/** Default rows of the multi-line text field. */
export const TEXTAREA_ROWS_DEFAULT = 4;

/** Rich-text editor undo history depth. */
export const EDITOR_UNDO_DEPTH = 100;
/** Rich-text editor undo grouping delay. */
export const EDITOR_UNDO_GROUP_MS = 500;
/** Heading levels of the rich-text editor. */
export const HEADING_LEVELS = [1, 2, 3] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

export const PLANNING_VIEWS = ['week', 'month'] as const;
export type PlanningView = (typeof PLANNING_VIEWS)[number];
/** Planning view when none is remembered. */
export const DEFAULT_PLANNING_VIEW: PlanningView = 'week';
/** The planning week starts on Monday (0 = Sunday, as in FullCalendar's firstDay and Date#getDay). */
export const WEEK_FIRST_DAY = 1;

/** Link schemes the rich-text field accepts; any other is refused. */
export const ALLOWED_LINK_SCHEMES = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
] as const;

/**
 * Whether a URL typed for a rich-text link is acceptable: an absolute URL whose scheme is one of
 * ALLOWED_LINK_SCHEMES (case-insensitive, surrounding spaces ignored). Relative or scheme-less addresses
 * ("www.example.fr", "/page") are refused: the body is mailed, where they would lead nowhere.
 * A URL holding ASCII control characters is refused (browsers drop them, so `java\tscript:` would run).
 */
export const isAllowedLinkUrl = (url: string): boolean => {
  const trimmed = url.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being refused
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return false;
  const match = /^([a-z][a-z0-9+.-]*):(.*)$/is.exec(trimmed);
  if (!match) return false;
  const scheme = (match[1] as string).toLowerCase();
  const rest = match[2] as string;
  if (!(ALLOWED_LINK_SCHEMES as readonly string[]).includes(scheme)) return false;
  // A scheme with nothing after it ("mailto:") is not a link.
  return rest.trim() !== '';
};
