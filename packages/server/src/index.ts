export { buildApp } from './app.js';
export { type Config, loadConfig } from './config.js';
export { createDatabase, type Database, type Dialect } from './db/database.js';
export { migrateToLatest } from './db/migrate.js';
export { refreshPlannerStatistics } from './db/planner-statistics.js';
export type { DB } from './db/schema.js';
export { registry as resourceRegistry } from './resources/index.js';
export {
  createRandom,
  FIRST_NAMES as DEMO_FIRST_NAMES,
  LAST_NAMES as DEMO_LAST_NAMES,
  type Random,
} from './seed/random.js';
export { dashboard } from './services/dashboard.js';
export { importFile as importRemoteOrderFile } from './services/remote-order-folder.js';
export { computeVouchersReport } from './services/vouchers-report.js';
