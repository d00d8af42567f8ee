// npm run storage:copy (issue 18): copies every file under DATA_DIR/uploads into the S3 bucket the configuration
// names, skipping those already there, so a site that started on disk can move its images and then share them
// between instances. Safe to run again (and while serving): objects are written whole, keys never change content.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { contentTypeOf, S3Storage } from './s3-storage';
import { LocalDiskStorage } from './storage';

async function* files(root: string, prefix = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const key = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) yield* files(root, key);
    // Half-written files of the disk storage's write-then-rename are not uploads.
    else if (e.isFile() && !e.name.endsWith('.tmp')) yield key;
  }
}

export async function copyUploadsToBucket(config: Config, log: (line: string) => void): Promise<{ copied: number; skipped: number }> {
  if (!config.s3) throw new Error('S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, credentials) to copy the uploads into');
  const disk = new LocalDiskStorage(config.uploadsDir);
  const bucket = new S3Storage(config.s3);
  let copied = 0;
  let skipped = 0;
  for await (const key of files(config.uploadsDir)) {
    if (await bucket.exists(key)) { skipped++; continue; }
    const data = await disk.get(key);
    if (!data) continue;
    await bucket.put(key, data, contentTypeOf(key));
    copied++;
    if (copied % 100 === 0) log(`${copied} copied…`);
  }
  log(`Copied ${copied} file(s) from ${config.uploadsDir} to bucket ${config.s3.bucket}; ${skipped} were already there.`);
  return { copied, skipped };
}
