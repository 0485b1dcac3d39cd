/**
 * The database schema, one file per area. Importers keep using `db/schema`; drizzle-kit reads this
 * folder (drizzle.config.ts). Tables reference tables of lower areas only: users first, then the rest.
 */
export * from './users';
export * from './orgs';
export * from './points';
export * from './payments';
export * from './archives';
export * from './works';
export * from './notices';
export * from './school-match';
export * from './jobs';
export * from './analytics';
