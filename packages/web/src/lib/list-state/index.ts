export * from './filters';
export * from './list-state';
export * from './order-storage';
export * from './page-window';
export * from './use-list-state';
