export * from './query.js';
export * from './reference.js';
export * from './statuses.js';
