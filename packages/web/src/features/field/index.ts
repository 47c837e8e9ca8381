// What the office embeds of the field: the boarding recorded on the launch field (the flight summary). The field's
// own page (terrain.tsx) imports its files directly.

export { FieldBoardingSection } from './FieldBoardingSection';
