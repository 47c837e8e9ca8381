// What other features embed of the history: a record's own history (booking and flight summaries).

export { HistorySection } from './HistorySection';
