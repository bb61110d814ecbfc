import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { StartError } from './start-error.js';

const DEFAULT_SESSION_SECRET = 'dev-only-session-secret-change-me';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);

const duration = z.coerce.number().int().positive();

const postgresUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** An entry of a `trust proxy` list as Express reads it: a name, an address, or address/prefix. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (rest.length || !version) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(prefix) === 4; // a netmask
}

const trustProxy = z
  .string()
  .refine(
    (value) =>
      /^(true|false|\d+)$/.test(value) || value.split(',').every((entry) => isProxyAddress(entry.trim())),
    'must be true, false, a hop count, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and subnets',
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_READ_URL: postgresUrl.optional(),
  READ_REPLICA_MAX_LAG: z.coerce
    .number({ invalid_type_error: 'must be a number of seconds' })
    .positive('must be a number of seconds above 0')
    .max(86_400)
    .default(10),
  DATABASE_MIGRATION_URL: postgresUrl.optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEFAULT_SESSION_SECRET),
  SESSION_IDLE_TIMEOUT_SECONDS: duration.default(14 * 24 * 3600),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: duration.default(30 * 24 * 3600),
  SECURE_COOKIES: booleanString.optional(),
  TRUST_PROXY: trustProxy.default('false'),
  ALLOWED_ORIGINS: commaList.default(''),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Poetry <no-reply@poetry.localhost>'),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(2_000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5_000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(15),
  MAIL_SEND_RATE: z.coerce.number().positive().max(10_000).default(10),
  NEW_POEM_FANOUT_BATCH: z.coerce.number().int().min(1).max(10_000).default(1_000),
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
  PUBLISH_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  RETENTION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(10).default(3_600_000),
  PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  PAGE_CACHE_MAX_SECONDS: duration.default(60),
  MAIL_REQUESTS_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  MAIL_REQUESTS_PER_IP: z.coerce.number().int().positive().default(30),
  MAIL_REQUESTS_WINDOW_SECONDS: duration.default(3600),
  EMAIL_CHANGES_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  EMAIL_CHANGE_WINDOW_SECONDS: duration.default(24 * 3600),
  MAILS_PER_ADDRESS: z.coerce.number().int().positive().default(3),
  MAILS_PER_ADDRESS_WINDOW_SECONDS: duration.default(3600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(100),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(50),
  LOGIN_THROTTLE_WINDOW_SECONDS: duration.default(15 * 60),
  LOGIN_FAILURE_DELAY_MS: z.coerce.number().int().min(0).max(1_000).default(250),
  SIGNUPS_PER_IP: z.coerce.number().int().positive().default(20),
  SIGNUP_WINDOW_SECONDS: duration.default(3600),
  UPLOADS_PER_ACCOUNT: z.coerce.number().int().positive().default(60),
  UPLOAD_WINDOW_SECONDS: duration.default(3600),
  IMAGE_DECODES_AT_ONCE: z.coerce.number().int().positive().optional(),
  IMAGE_DECODE_QUEUE_LENGTH: z.coerce.number().int().min(0).optional(),
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
  GENERAL_REQUESTS_PER_IP: z.coerce.number().int().positive().default(1200),
  GENERAL_RATE_WINDOW_SECONDS: duration.default(60),
  GENERAL_RATE_SYNC_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  MEDIA_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: booleanString.default('false'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type Env = z.input<typeof EnvSchema>;

/** Turns `TRUST_PROXY` into the value Express' `trust proxy` setting takes. */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** A setting the service cannot run with. */
export class ConfigError extends StartError {
  override name = 'ConfigError';
}

/**
 * What a production start refuses: the development session secret, a session cookie that could
 * travel over plain HTTP, and a client address any client can choose. This server speaks plain
 * HTTP only, so it marks a cookie Secure (and sends it at all) only when Express trusts the
 * TLS-terminating proxy's `X-Forwarded-Proto: https`: setting `TRUST_PROXY` is the explicit
 * statement that one is in front.
 */
function productionProblems(
  sessionSecret: string,
  secureCookies: boolean,
  trustProxy: ReturnType<typeof parseTrustProxy>,
): string[] {
  const problems: string[] = [];
  if (sessionSecret === DEFAULT_SESSION_SECRET) {
    problems.push('  SESSION_SECRET: must be set to a secret of your own in production');
  }
  if (!secureCookies) {
    problems.push(
      '  SECURE_COOKIES: must be true in production (or PUBLIC_URL https), so the session cookie is HTTPS-only',
    );
  }
  if (trustProxy === false || trustProxy === 0) {
    problems.push(
      '  TRUST_PROXY: must name the TLS-terminating proxy in production (`loopback`, its addresses or a hop ' +
        "count): this server speaks plain HTTP and sends the Secure cookie only behind a proxy's " +
        '`X-Forwarded-Proto: https`',
    );
  }
  if (trustProxy === true) {
    problems.push(
      '  TRUST_PROXY: must not be true in production: Express would trust every X-Forwarded-For hop, so any ' +
        'client chooses its own address and with it its rate limits; set the hop count, `loopback`, or the ' +
        "proxy's addresses or subnets",
    );
  }
  return problems;
}

/**
 * Libuv threads left to everything else while images decode: argon2 (every login and signup), fs,
 * dns.lookup (a new PostgreSQL connection) and zlib wait in the same pool as sharp. With none left,
 * 12 large uploads held logins 13 s and made new database connections time out.
 */
const UV_THREADS_KEPT_FREE = 2;

/**
 * How many images this instance decodes at once (http/image-uploads.ts): one a core but one, so
 * that a core is left to the event loop and argon2 (at least one decode), and never so many that
 * libuv's pool has fewer than UV_THREADS_KEPT_FREE threads for the rest. Measured on 2 cores with
 * 12 uploads of a 49-megapixel PNG: one at once against two, logins' p99 133–499 ms against
 * 224–1080 ms, peak RSS 680–740 MB against 1110–1230 MB, and as many uploads a second (0.5 against
 * 0.6). By default twice as many may wait: the last in line waits for three decodes, about 3 s for
 * the costliest 49 megapixels here (a 16-bit interlaced PNG), not past a client's timeout.
 */
function imageDecodingConfig(e: z.output<typeof EnvSchema>) {
  const atOnce =
    e.IMAGE_DECODES_AT_ONCE ??
    Math.max(1, Math.min(availableParallelism() - 1, e.UV_THREADPOOL_SIZE - UV_THREADS_KEPT_FREE));
  return { atOnce, queueLength: e.IMAGE_DECODE_QUEUE_LENGTH ?? 2 * atOnce };
}

/** Where uploaded images live: `$DATA_DIR/media` on this machine, or an S3 bucket that instances share. */
function mediaConfig(e: z.output<typeof EnvSchema>, dataDir: string) {
  if (e.MEDIA_DRIVER === 'local') return { driver: 'local' as const, dir: path.join(dataDir, 'media') };
  const invalid = (variable: string, message: string) =>
    new ConfigError(`Invalid configuration:\n  ${variable}: ${message}`);
  if (!e.S3_BUCKET) throw invalid('S3_BUCKET', 'is required when MEDIA_DRIVER is s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw invalid('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    driver: 's3' as const,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    // Without keys the AWS SDK's default chain applies (environment, instance role, ...).
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const dataDir = path.resolve(e.DATA_DIR);
  const secureCookies = e.SECURE_COOKIES ?? publicUrl.protocol === 'https:';
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT, which is public');
  }
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e.SESSION_SECRET, secureCookies, trustProxy);
    if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: publicUrl.origin,
    /**
     * Where `GET /metrics` (Prometheus) is served, apart from the public port, which never answers
     * it; none without METRICS_PORT. The host defaults to loopback, so only this machine reads it.
     */
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    databaseUrl: e.DATABASE_URL,
    /**
     * The migrations' connection, and their session-level advisory lock's (`db/migrate.ts`);
     * DATABASE_URL's when unset. Past PgBouncer in transaction mode, this one reaches PostgreSQL.
     */
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    /**
     * A streaming replica of the primary for the anonymous reads, left for the primary while it
     * lags more than `maxLagSeconds` (`db/replica-reads.ts`); none without DATABASE_READ_URL.
     */
    readReplica:
      e.DATABASE_READ_URL === undefined
        ? undefined
        : { url: e.DATABASE_READ_URL, maxLagSeconds: e.READ_REPLICA_MAX_LAG },
    databasePoolMax: e.DATABASE_POOL_MAX,
    dataDir,
    embeddedPostgres: { dataDir: path.join(dataDir, 'postgres'), port: e.EMBEDDED_PG_PORT },
    session: {
      secret: e.SESSION_SECRET,
      usesDefaultSecret: e.SESSION_SECRET === DEFAULT_SESSION_SECRET,
      idleTimeoutMs: e.SESSION_IDLE_TIMEOUT_SECONDS * 1000,
      absoluteTimeoutMs: e.SESSION_ABSOLUTE_TIMEOUT_SECONDS * 1000,
      secureCookies,
    },
    trustProxy,
    allowedOrigins: [publicUrl.origin, ...e.ALLOWED_ORIGINS],
    media: mediaConfig(e, dataDir),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      /** The outbox folder logs each mail's link (its token) for a local setup; never in production. */
      logLinks: e.NODE_ENV !== 'production',
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      /** The most mails one instance sends a second (an SMTP relay's quota: Amazon SES starts at 14). */
      sendRate: e.MAIL_SEND_RATE,
      /** Followers of a new poem's author queued per transaction: all the fan-out holds at once. */
      fanoutBatch: e.NEW_POEM_FANOUT_BATCH,
      /** The hour (UTC) that ends each daily digest's day; its mails are queued once it has passed. */
      digestHourUtc: e.DIGEST_HOUR_UTC,
    },
    /** How often scheduled poems are looked for: the longest a poem appears after its `publish_at`. */
    publishPollIntervalMs: e.PUBLISH_POLL_INTERVAL_MS,
    /** How often expired tokens and old sent mail are deleted (db/retention.ts). */
    retentionSweepIntervalMs: e.RETENTION_SWEEP_INTERVAL_MS,
    /** The page microcache (`http/page-cache.ts`): the most it keeps (0 turns it off), and for how long at most. */
    pageCache: { maxBytes: Math.floor(e.PAGE_CACHE_MB * 1024 * 1024), maxSeconds: e.PAGE_CACHE_MAX_SECONDS },
    /** forgot-password and email-confirmation, each counted per account and per IP. */
    mailRequestThrottle: {
      perAccount: e.MAIL_REQUESTS_PER_ACCOUNT,
      perIp: e.MAIL_REQUESTS_PER_IP,
      windowSeconds: e.MAIL_REQUESTS_WINDOW_SECONDS,
    },
    /** Changes of an account's email address. */
    emailChangeThrottle: {
      perAccount: e.EMAIL_CHANGES_PER_ACCOUNT,
      windowSeconds: e.EMAIL_CHANGE_WINDOW_SECONDS,
    },
    /**
     * Mails to one address from all accounts together, of those an account's own action sends to
     * an address it names: the verification mail (signup, email change, confirmation request) and
     * the notice of an email change to the old address.
     */
    addressMailThrottle: {
      perAddress: e.MAILS_PER_ADDRESS,
      windowSeconds: e.MAILS_PER_ADDRESS_WINDOW_SECONDS,
    },
    logLevel: e.LOG_LEVEL,
    /** How each limit is applied: modules/account/login.service.ts. */
    loginThrottle: {
      perAccountAndIp: e.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
      perIp: e.LOGIN_MAX_FAILURES_PER_IP,
      perAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      windowSeconds: e.LOGIN_THROTTLE_WINDOW_SECONDS,
      /** The first wait of an address that keeps failing on one account; 0 for none. */
      failureDelayMs: e.LOGIN_FAILURE_DELAY_MS,
    },
    signupThrottle: { perIp: e.SIGNUPS_PER_IP, windowSeconds: e.SIGNUP_WINDOW_SECONDS },
    /** Images decoded per author (photos, collection images). */
    uploadThrottle: { perAccount: e.UPLOADS_PER_ACCOUNT, windowSeconds: e.UPLOAD_WINDOW_SECONDS },
    /** Decodes at once on this instance, and how many more may wait before a 503 (media/decode-gate.ts). */
    imageDecoding: imageDecodingConfig(e),
    /** Every request but the health probes, counted per IP across instances (http/general-rate-limit.ts). */
    generalRateLimit: {
      perIp: e.GENERAL_REQUESTS_PER_IP,
      windowSeconds: e.GENERAL_RATE_WINDOW_SECONDS,
      syncIntervalMs: e.GENERAL_RATE_SYNC_INTERVAL_MS,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;
