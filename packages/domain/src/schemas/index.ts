// The building blocks of the payload schemas (fields, bounds, French messages); each entity's schemas live in its
// module under api/, shared by the server's generic writes and the web's forms.
export * from './accounts.js';
export * from './bounds.js';
export * as schemaFields from './common.js';
export {
  CONTROL_CHARACTER,
  isCalendarDate,
  isCleanText,
  REQUIRED,
  UNKNOWN_FIELD,
  withoutBidiControls,
} from './common.js';
