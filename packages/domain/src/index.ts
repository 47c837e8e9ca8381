export * from './reference.js';
export * from './statuses.js';
