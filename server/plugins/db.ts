// Exposes the database to routes and services as app.db; the owner (main.ts or the test helper) opens and closes it.
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export const dbPlugin = fp<{ database: Database }>(async (app, { database }) => {
  app.decorate('database', database);
  app.decorate('db', database.db);
}, { name: 'db' });
