// The shape of one schema step, from the runner the core shares with the sandbox. Migration files
// import it from here.
export { sqlMigration, type Db, type Migration } from '../../../node-shared/sqlite/migrations.js';
