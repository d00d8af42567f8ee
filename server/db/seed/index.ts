// Placeholder: the demo-data seed (deterministic Alberta lot with generated photos) is written in server/db/seed/.
import type { Database } from '../client';

export interface SeedOptions {
  uploadsDir: string;
  adminPassword: string;
  /** Number of vehicles (default about 250). */
  vehicles?: number;
  /** Generate photo files (default true). Benchmarks and API tests turn this off. */
  images?: boolean;
  now?: Date;
  log?: (msg: string) => void;
}

/** Seeds demo data once: does nothing when the database already holds a seed marker. Returns whether it seeded. */
export async function seedIfEmpty(_database: Database, _opts: SeedOptions): Promise<boolean> {
  return false;
}
