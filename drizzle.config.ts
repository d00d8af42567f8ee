import { defineConfig } from 'drizzle-kit';

// One schema, one set of SQL migrations for PGlite and PostgreSQL alike (DESIGN.md).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
