// npm run storage:copy: uploads on disk into the S3 bucket (server/modules/media/storage-copy.ts, docs/OPERATIONS.md).
import process from 'node:process';
import { ConfigError, loadConfig } from '../server/config';
import { copyUploadsToBucket } from '../server/modules/media/storage-copy';

try {
  await copyUploadsToBucket(loadConfig(), (l) => console.log(l));
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `error: ${(err as Error).message}`);
  process.exitCode = 1;
}
