// @react-pdf/renderer and its fonts are a third of the server's start (about 350 ms of module loading, which
// `npm start` must keep under 3 s): the renderers are loaded when the first document is asked for, then kept.

export const ticketsPdf = () => import('./tickets.js');
export const flightPlanPdf = () => import('./flight-plan.js');
export const validityAttestationPdf = () => import('./validity-attestation.js');
export const logbookPdf = () => import('./logbook.js');
