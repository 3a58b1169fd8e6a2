/**
 * The database's tables (drizzle), one file per area, all exported from here: drizzle-kit reads this file
 * (drizzle.config.ts) to write the migrations, and a repository imports the tables it owns from here
 * (server/src/db/table-owners.json; eslint.config.js refuses an import of a file under schema/ from outside db/).
 */
export * from './users';
export * from './feedback';
export * from './assessments';
export * from './medicines';
export * from './health-record';
export * from './newsletter';
export * from './chat';
export * from './triage';
