// Environment configuration, validated at boot: a clear message per bad variable (DESIGN.md convention 7).
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** The session cookie's name; on https it carries the __Host- prefix (see Config.session). */
export const SESSION_COOKIE = 'session';

/** Documented demo password of the seeded admin account; refused in production. */
export const DEMO_ADMIN_PASSWORD = 'demo-admin-password';
/** Documented password of the seeded demo customers (jordan, priya, marc, aisha), for demos and tests. */
export const DEMO_CUSTOMER_PASSWORD = 'demo-customer-password';
const DEMO_SESSION_SECRET = 'demo-session-secret-not-for-production-use-000000';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }).default('development'),
  PORT: z.coerce.number({ error: 'PORT must be a number' }).int('PORT must be a whole number').min(1, 'PORT must be 1-65535').max(65535, 'PORT must be 1-65535').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().trim().optional()
    .refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)')
    .refine((v) => { if (!v) return true; try { new URL(v); return true; } catch { return false; } }, 'DATABASE_URL is not a valid URL'),
  DATA_DIR: z.string().trim().min(1, 'DATA_DIR cannot be empty').default('./data'),
  CLIENT_DIR: z.string().trim().min(1, 'CLIENT_DIR cannot be empty').default('./dist/client'),
  ADMIN_PASSWORD: z.string().min(10, 'ADMIN_PASSWORD needs at least 10 characters').max(128, 'ADMIN_PASSWORD is at most 128 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET needs at least 32 characters').optional(),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be an absolute URL such as https://example.ca' }).optional(),
  REDIS_URL: z.string().trim().optional()
    .refine((v) => !v || /^rediss?:\/\//.test(v), 'REDIS_URL must be a redis:// or rediss:// URL'),
  TRUST_PROXY: z.string().trim()
    .refine((v) => /^(true|false|\d+|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/.test(v), 'TRUST_PROXY must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses')
    .optional(),
  BACKUP_DIR: z.string().trim().min(1, 'BACKUP_DIR cannot be empty').optional(),
  BACKUP_KEEP: z.coerce.number({ error: 'BACKUP_KEEP must be a number' }).int('BACKUP_KEEP must be a whole number').min(0, 'BACKUP_KEEP must be 0 (no daily backup) or more').max(365, 'BACKUP_KEEP is at most 365').default(7),
  // issue 36 item 5: POST /internal/backup (`npm run db:backup` through a running server) only when asked for.
  BACKUP_ENDPOINT: z.enum(['on', 'off'], { error: 'BACKUP_ENDPOINT must be on or off' }).default('off'),
  S3_BUCKET: z.string().trim().min(3, 'S3_BUCKET must be a bucket name').max(63).optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT must be a URL such as https://s3.ca-central-1.amazonaws.com or http://127.0.0.1:9000' }).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_PUBLIC_URL: z.url({ error: 'S3_PUBLIC_URL must be the absolute URL images are loaded from, e.g. https://cdn.example.ca' }).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' }).optional(),
  METRICS_TOKEN: z.string().trim().min(24, 'METRICS_TOKEN needs at least 24 characters (e.g. `openssl rand -base64 32`)').max(200, 'METRICS_TOKEN is at most 200 characters').optional(),
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number({ error: 'PGLITE_SHARED_BUFFERS_MB must be a number of megabytes' }).int('PGLITE_SHARED_BUFFERS_MB must be a whole number of megabytes').min(1, 'PGLITE_SHARED_BUFFERS_MB must be at least 1').max(1024, 'PGLITE_SHARED_BUFFERS_MB is at most 1024 (the embedded database\'s memory is at most 2 GB)').optional(),
  INVENTORY_INDEX: z.enum(['on', 'off'], { error: 'INVENTORY_INDEX must be on or off' }).default('on'),
  // Issue 30 §5: how many worker threads render pages (0: the event loop's own thread renders them).
  RENDER_THREADS: z.coerce.number({ error: 'RENDER_THREADS must be a number of threads' }).int('RENDER_THREADS must be a whole number').min(0, 'RENDER_THREADS must be 0 (render on the main thread) or more').max(16, 'RENDER_THREADS is at most 16').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent' }).default('info'),
  SEED: z.enum(['auto', 'demo', 'off'], { error: 'SEED must be auto, demo or off' }).default('auto'),
  DEMO_CUSTOMER_PASSWORD: z.string().min(12, 'DEMO_CUSTOMER_PASSWORD needs at least 12 characters').max(128, 'DEMO_CUSTOMER_PASSWORD is at most 128 characters').optional(),
  ADMIN_MFA: z.enum(['required', 'optional'], { error: 'ADMIN_MFA must be required or optional' }).optional(),
  ADMIN_SESSION_IDLE_HOURS: z.coerce.number({ error: 'ADMIN_SESSION_IDLE_HOURS must be a number' }).min(0.05, 'ADMIN_SESSION_IDLE_HOURS must be at least 0.05 (3 minutes)').max(12, 'ADMIN_SESSION_IDLE_HOURS is at most 12').default(12),
  ADMIN_SESSION_MAX_HOURS: z.coerce.number({ error: 'ADMIN_SESSION_MAX_HOURS must be a number' }).min(0.05, 'ADMIN_SESSION_MAX_HOURS must be at least 0.05 (3 minutes)').max(24, 'ADMIN_SESSION_MAX_HOURS is at most 24').default(24),
  API_DOCS: z.enum(['public', 'admin'], { error: 'API_DOCS must be public or admin' }).optional(),
  FEED_ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false'], { error: 'FEED_ALLOW_PRIVATE_HOSTS must be true or false' }).optional(),
  ZONE_DATA_CHECK: z.enum(['enforce', 'warn'], { error: 'ZONE_DATA_CHECK must be enforce or warn' }).optional(),
  SMTP_URL: z.string().trim().optional()
    .refine((v) => !v || /^smtps?:\/\//.test(v), 'SMTP_URL must be an smtp:// or smtps:// URL (leave it unset to keep mail in the outbox)'),
  MAIL_FROM: z.string().trim().min(3).default('Prairie Motor Hub <no-reply@prairiemotorhub.ca>'),
  DEALER_EMAIL: z.email({ error: 'DEALER_EMAIL must be an email address' }).default('sales@prairiemotorhub.ca'),
  PII_ENCRYPTION_KEY: z.string().trim().refine((v) => parsePiiKey(v) !== null, 'PII_ENCRYPTION_KEY must be 32 random bytes as base64 (44 characters) or hex (64 characters), e.g. `openssl rand -base64 32`').optional(),
  PII_ENCRYPTION_OLD_KEYS: z.string().trim().refine((v) => v.split(',').every((k) => parsePiiKey(k.trim()) !== null), 'PII_ENCRYPTION_OLD_KEYS must be a comma-separated list of retired 32-byte keys (base64 or hex)').optional(),
  PRE_APPROVAL_RETENTION_DAYS: z.coerce.number({ error: 'PRE_APPROVAL_RETENTION_DAYS must be a number' }).int('PRE_APPROVAL_RETENTION_DAYS must be a whole number of days').min(1, 'PRE_APPROVAL_RETENTION_DAYS must be at least 1').max(3650, 'PRE_APPROVAL_RETENTION_DAYS is at most 3650').default(730),
  LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS: z.enum(['true', 'false'], { error: 'LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS must be true or false' }).default('false'),
  OUTBOX_RETENTION_DAYS: z.coerce.number({ error: 'OUTBOX_RETENTION_DAYS must be a number' }).int('OUTBOX_RETENTION_DAYS must be a whole number of days').min(1, 'OUTBOX_RETENTION_DAYS must be at least 1').max(3650, 'OUTBOX_RETENTION_DAYS is at most 3650').default(30),
  SMS_API_URL: z.url({ error: 'SMS_API_URL must be the base URL of a Twilio-compatible API, e.g. https://api.twilio.com' }).optional(),
  SMS_ACCOUNT_SID: z.string().trim().min(1).max(100).optional(),
  SMS_AUTH_TOKEN: z.string().trim().min(1).max(200).optional(),
  SMS_FROM: z.string().trim().regex(/^\+\d{8,15}$/, 'SMS_FROM must be the sending number in E.164 form, e.g. +17805550142').optional(),
  LLM_BASE_URL: z.url({ error: 'LLM_BASE_URL must be the base URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1' }).optional(),
  LLM_API_KEY: z.string().trim().max(500).optional(),
  LLM_MODEL: z.string().trim().min(1).max(200).optional(),
  LLM_TIMEOUT_MS: z.coerce.number({ error: 'LLM_TIMEOUT_MS must be a number' }).int().min(100, 'LLM_TIMEOUT_MS must be at least 100').max(60_000, 'LLM_TIMEOUT_MS is at most 60000').default(8_000),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The embedded database's buffer pool is PGLITE_SHARED_BUFFERS_MB (default db/client.ts PGLITE_SHARED_BUFFERS_MB). */
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string; sharedBuffersMb?: number };
  dataDir: string;
  uploadsDir: string;
  /** The built client whose index.html and assets are served (CLIENT_DIR; the e2e hydration check serves a development build). */
  clientDir: string;
  adminPassword: string;
  sessionSecret: string;
  publicUrl: string;
  redisUrl: string | undefined;
  /** Uploads in an S3-compatible bucket (S3_BUCKET and friends); null keeps them on disk under uploadsDir. */
  s3: { bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; publicUrl?: string; forcePathStyle: boolean } | null;
  /** GET /metrics answers only with this bearer token; without one it is off (modules/metrics). */
  metricsToken: string | undefined;
  /** Daily backups (modules/backup): where they go (BACKUP_DIR, default DATA_DIR/backups) and how many stay; 0 turns them off. */
  backup: { backupDir: string; backupKeep: number; endpoint: boolean };
  /** INVENTORY_INDEX: the in-process index answers the listing and its facets; off, SQL answers everything. */
  inventoryIndex: boolean;
  /**
   * Worker threads that render pages (RENDER_THREADS; issue 30 §5, server/lib/render-threads.ts). A server render
   * is the largest piece of work a request brings; in a thread of its own it no longer holds up the event loop's
   * timers and other requests. Default: one per core but one, at least one, at most four; 0 renders in process.
   */
  renderThreads: number;
  /**
   * Which proxies to believe about the client address (X-Forwarded-For). Behind a load balancer this must be set,
   * or every client shares the proxy's address and per-IP rate limits lump them together.
   */
  trustProxy: boolean | number | string[];
  /** Prefix of every Redis key we write, so several apps (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  /** The longest a rate-limit command waits on Redis before counting in process (issue 30; plugins/rate-limit.ts). */
  redisCommandTimeoutMs: number;
  logLevel: string;
  /**
   * What a first start writes (issue 15 item 1, ASVS 6.3.2): 'demo' the demo lot with its customers (development;
   * production only with DEMO_CUSTOMER_PASSWORD replaced), 'base' the admin account alone (production's 'auto'),
   * 'off' nothing. The site's content pages are written in every case.
   */
  seed: 'demo' | 'base' | 'off';
  /** The password of the seeded demo customers: the documented one, or DEMO_CUSTOMER_PASSWORD. */
  demoCustomerPassword: string;
  /** Whether an admin must have a second factor to get a session (issue 15 item 2; ADMIN_MFA). */
  adminMfa: 'required' | 'optional';
  /** Who may read the OpenAPI document at /api/docs (issue 15 item 11; API_DOCS). */
  apiDocs: 'public' | 'admin';
  /** Issue 32: inventory feeds (and their photos) may be fetched from private and loopback addresses. */
  feedAllowPrivateHosts: boolean;
  /** Issue 29: stale zone data refuses the start (`enforce`, production's default) or only warns (ZONE_DATA_CHECK). */
  zoneDataCheck: 'enforce' | 'warn';
  /** Outgoing mail: SMTP when smtpUrl is set, otherwise the outbox table only (modules/mail). */
  mail: { smtpUrl: string | undefined; from: string; dealerAddress: string };
  /** Issue 33 §1: text messages through a Twilio-compatible REST API; null sends none (and the site promises none). */
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | null;
  /**
   * Session lifetime: idle window and absolute cap; admins' are shorter (issue 15 item 3). The cookie is named
   * __Host-session on https (issue 15 item 4, ASVS 3.3.1): the browser then accepts it only from this host,
   * secure, for path /, so a sibling subdomain cannot plant or overwrite it.
   */
  session: { idleMs: number; absoluteMs: number; adminIdleMs: number; adminAbsoluteMs: number; cookieName: string; secure: boolean };
  /**
   * AES-256-GCM keys for personal data at rest (modules/crypto/pii.ts): the current key encrypts, retired keys
   * still decrypt. devKey marks the fixed development key (never accepted in production).
   */
  pii: { current: Buffer; retired: Buffer[]; devKey: boolean };
  /** Pre-approval applications older than this are purged (modules/jobs). */
  preApprovalRetentionDays: number;
  /**
   * Requests to addresses an admin typed (issue 32: the CRM webhook): in production, hosts resolving to loopback,
   * private, link-local or metadata addresses are refused unless LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS=true (lib/outgoing/guard.ts).
   */
  outbound: { refusePrivateHosts: boolean };
  /** Sent e-mails are deleted from the outbox after this many days (issue 36 item 1; OUTBOX_RETENTION_DAYS, default 30). */
  outboxRetentionDays: number;
  /** The car assistant's optional model (modules/assistant/llm.ts); null: the built-in assistant answers. */
  llm: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
}

/** A 32-byte key written as base64 or hex, or null when it is neither. */
export function parsePiiKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value, 'base64');
    return key.length === 32 ? key : null;
  }
  return null;
}

/** Development and test only: anyone can read the source, so data encrypted with it is not protected. */
const DEV_PII_KEY = createHash('sha256').update('prairie-motor-hub development PII key, not for production').digest();

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((v) => v.trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  if (production && !e.ADMIN_PASSWORD) problems.push('ADMIN_PASSWORD: required when NODE_ENV is production (the demo default is for development only)');
  if (production && !e.PII_ENCRYPTION_KEY) problems.push('PII_ENCRYPTION_KEY: required when NODE_ENV is production (32 random bytes, e.g. `openssl rand -base64 32`); it encrypts pre-approval applications');
  if (production && !e.SESSION_SECRET) problems.push('SESSION_SECRET: required when NODE_ENV is production (at least 32 random characters)');
  if (e.LLM_BASE_URL && !e.LLM_MODEL) problems.push('LLM_MODEL: required when LLM_BASE_URL is set (the model name the server knows, e.g. llama3.1:8b)');
  // issue 56 finding 4: `true` believes the left-most X-Forwarded-For entry, which any client writes, so every
  // per-address limit (sign-in, leads, trade estimates) would count whatever address the client chose.
  if (production && e.TRUST_PROXY === 'true') problems.push('TRUST_PROXY: true lets any client choose its address with X-Forwarded-For, so the per-address limits fall; in production give the number of proxies in front of the site (e.g. 1) or their addresses (e.g. 10.0.0.5)');
  if (production && e.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD) problems.push('ADMIN_PASSWORD: the documented demo password cannot be used in production');
  if (production && e.SEED === 'demo' && (!e.DEMO_CUSTOMER_PASSWORD || e.DEMO_CUSTOMER_PASSWORD === DEMO_CUSTOMER_PASSWORD)) {
    problems.push('SEED: demo data in production would create the demo customer accounts with their documented password; set DEMO_CUSTOMER_PASSWORD to a password of your own, or leave SEED unset (production starts with the admin account only)');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_PUBLIC_URL || e.S3_ACCESS_KEY_ID)) problems.push('S3_BUCKET: required when other S3_ variables are set (uploads stay on disk without it)');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or set neither to use the AWS default credentials)');
  const smsVars = [e.SMS_API_URL, e.SMS_ACCOUNT_SID, e.SMS_AUTH_TOKEN, e.SMS_FROM];
  if (smsVars.some(Boolean) && !smsVars.every(Boolean)) problems.push('SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM go together (set all four to send booking texts, or none)');
  if (e.ADMIN_SESSION_IDLE_HOURS > e.ADMIN_SESSION_MAX_HOURS) problems.push('ADMIN_SESSION_IDLE_HOURS: cannot be longer than ADMIN_SESSION_MAX_HOURS');
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db'), ...(e.PGLITE_SHARED_BUFFERS_MB ? { sharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB } : {}) },
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    clientDir: path.resolve(e.CLIENT_DIR),
    adminPassword: e.ADMIN_PASSWORD ?? DEMO_ADMIN_PASSWORD,
    sessionSecret: e.SESSION_SECRET ?? DEMO_SESSION_SECRET,
    publicUrl,
    redisUrl: e.REDIS_URL,
    inventoryIndex: e.INVENTORY_INDEX === 'on',
    renderThreads: e.RENDER_THREADS ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    metricsToken: e.METRICS_TOKEN,
    s3: e.S3_BUCKET ? {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
      ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
      ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
      ...(e.S3_PUBLIC_URL ? { publicUrl: e.S3_PUBLIC_URL.replace(/\/$/, '') } : {}),
      forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
    } : null,
    backup: { backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'), backupKeep: e.BACKUP_KEEP, endpoint: e.BACKUP_ENDPOINT === 'on' },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    redisKeyPrefix: 'prairie-motor:',
    redisCommandTimeoutMs: 200,
    logLevel: e.LOG_LEVEL,
    seed: e.SEED === 'off' ? 'off' : e.SEED === 'demo' || !production ? 'demo' : 'base',
    demoCustomerPassword: e.DEMO_CUSTOMER_PASSWORD ?? DEMO_CUSTOMER_PASSWORD,
    adminMfa: e.ADMIN_MFA ?? (production ? 'required' : 'optional'),
    apiDocs: e.API_DOCS ?? (production ? 'admin' : 'public'),
    feedAllowPrivateHosts: e.FEED_ALLOW_PRIVATE_HOSTS ? e.FEED_ALLOW_PRIVATE_HOSTS === 'true' : !production,
    zoneDataCheck: e.ZONE_DATA_CHECK ?? (production ? 'enforce' : 'warn'),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, dealerAddress: e.DEALER_EMAIL },
    sms: e.SMS_API_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
      ? { apiUrl: e.SMS_API_URL.replace(/\/$/, ''), accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, from: e.SMS_FROM }
      : null,
    session: {
      idleMs: 7 * 24 * 3600_000,
      absoluteMs: 30 * 24 * 3600_000,
      adminIdleMs: Math.round(e.ADMIN_SESSION_IDLE_HOURS * 3600_000),
      adminAbsoluteMs: Math.round(e.ADMIN_SESSION_MAX_HOURS * 3600_000),
      cookieName: publicUrl.startsWith('https://') ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE,
      secure: publicUrl.startsWith('https://'),
    },
    pii: {
      current: e.PII_ENCRYPTION_KEY ? parsePiiKey(e.PII_ENCRYPTION_KEY)! : DEV_PII_KEY,
      retired: (e.PII_ENCRYPTION_OLD_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean).map((k) => parsePiiKey(k)!),
      devKey: !e.PII_ENCRYPTION_KEY,
    },
    preApprovalRetentionDays: e.PRE_APPROVAL_RETENTION_DAYS,
    outbound: { refusePrivateHosts: production && e.LEAD_WEBHOOK_ALLOW_PRIVATE_HOSTS !== 'true' },
    outboxRetentionDays: e.OUTBOX_RETENTION_DAYS,
    llm: e.LLM_BASE_URL && e.LLM_MODEL ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS } : null,
    ...overrides,
  };
}
