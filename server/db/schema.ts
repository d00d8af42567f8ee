// One Drizzle schema for PGlite and PostgreSQL (DESIGN.md). Migrations in ./migrations are generated from it
// (`npm run db:generate -- --name=<what>`). Each area keeps its tables in its own file under ./tables.
export * from './tables/core';
export * from './tables/platform';
export * from './tables/admin';
export * from './tables/accounts';
export * from './tables/leads';
export * from './tables/content';
export * from './tables/finance';
export * from './tables/lead-delivery';
export * from './tables/inventory-feeds';
export * from './tables/dealer-settings';
export * from './tables/deal-worksheet';
