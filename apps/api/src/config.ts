import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const urlWithProtocol = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `must be a URL like ${example}`);

const positiveInt = (fallback: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .positive('must be greater than 0')
        .max(max, `must be at most ${max.toLocaleString('en-US')}`),
    )
    .default(fallback);

/** TRUST_PROXY: true/false, a number of proxies, or proxy addresses (IPv4/IPv6, optionally /prefix). */
const isTrustedProxyList = (value: string) =>
  value.split(',').every((entry) => {
    const [address = '', prefix, extra] = entry.trim().split('/');
    const version = isIP(address);
    if (version === 0 || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
  });

const mailbox = z
  .string()
  .trim()
  .regex(
    /^(?:[^<>]*<\s*[^\s@<>]+@[^\s@<>]+\s*>|[^\s@<>]+@[^\s@<>]+)$/,
    'must be an address like "Skillwise <no-reply@example.com>"',
  );

/** "7.25" (percent, at most two decimals) as whole hundredths of a percent: 725. */
const basisPointsOf = (percent: string): number => {
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/**
 * How long a stored file that a committed change stopped naming is kept before the sweeper deletes it:
 * longer than any backup runs (docs/decisions/011-deletes-after-commit.md).
 */
export const DEFAULT_FILE_DELETE_GRACE_HOURS = 24;

/** Every setting, read once from the environment (README "Configuration"). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be between 1 and 65535').max(65535, 'must be between 1 and 65535'))
    .default(3000),
  // Loopback unless told otherwise: the demo accounts' passwords are published (README "Run it"), so
  // a plain `npm start` is reachable from this machine only; the container sets HOST=0.0.0.0.
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlWithProtocol(
    ['postgres:', 'postgresql:'],
    'postgres://user:password@host:5432/db',
  ).optional(),
  SMTP_URL: urlWithProtocol(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587').optional(),
  MAIL_FROM: mailbox.default('Skillwise <no-reply@skillwise.local>'),
  // Schools' messages to their students leave at this rate for the whole installation (decision 036).
  BROADCAST_MAILS_PER_SECOND: positiveInt(10, 10_000),
  PUBLIC_URL: urlWithProtocol(['http:', 'https:'], 'https://learn.example.com').optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: positiveInt(24 * 7, 24 * 366),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60, 7 * 24 * 3600),
  RATE_LIMIT_ACCOUNT_MAX: positiveInt(10, 1_000_000),
  RATE_LIMIT_ADDRESS_MAX: positiveInt(300, 1_000_000),
  RATE_LIMIT_ACCOUNT_HOURLY_MAX: positiveInt(50, 1_000_000),
  MAX_LESSON_BYTES: positiveInt(2 * 1024 ** 3, 1024 ** 4),
  MAX_IMAGE_BYTES: positiveInt(10 * 1024 ** 2, 1024 ** 3),
  MEDIA_URL_TTL_HOURS: positiveInt(6, 24 * 31),
  FILE_DELETE_GRACE_HOURS: positiveInt(DEFAULT_FILE_DELETE_GRACE_HOURS, 24 * 366),
  EMBEDDED_DB_CACHE_MB: positiveInt(16, 16 * 1024),
  DB_STATEMENT_TIMEOUT_MS: positiveInt(15_000, 3_600_000),
  REQUEST_TIMEOUT_SECONDS: positiveInt(30, 3600),
  UPLOAD_MIN_BYTES_PER_SECOND: positiveInt(1024, 1024 ** 3),
  LOG_REQUESTS: z.enum(['true', 'false'], 'must be true or false').default('false'),
  SLOW_REQUEST_MS: positiveInt(1000, 3_600_000),
  PASSWORD_HASH_QUEUE: positiveInt(64, 100_000),
  PUBLIC_CACHE_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .pipe(z.number().max(86_400, 'must be at most 86,400 (a day)'))
    .default(5),
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_API_BASE: urlWithProtocol(['https:', 'http:'], 'https://api-m.paypal.com').default(
    'https://api-m.sandbox.paypal.com',
  ),
  PAYPAL_WEBHOOK_ID: z
    .string()
    .trim()
    .regex(
      /^[A-Z0-9]{8,64}$/,
      'must be the id PayPal shows for the registered webhook, like 8PT597110X687430LKGECATA',
    )
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key like sk_test_...')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\w+$/, "must be a webhook endpoint's signing secret like whsec_...")
    .optional(),
  STRIPE_API_BASE: urlWithProtocol(['https:', 'http:'], 'https://api.stripe.com').default(
    'https://api.stripe.com',
  ),
  PLATFORM_FEE_PERCENT: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'must be a percentage from 0 to 100 with at most two decimals, like 7.5')
    .transform((value) => basisPointsOf(value))
    .pipe(z.number().max(10_000, 'must be at most 100'))
    .default(0),
  PAYOUT_MODE: z.enum(['collected', 'connected'], 'must be collected or connected').default('collected'),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (value) => /^(true|false|\d{1,2})$/.test(value) || isTrustedProxyList(value),
      'must be true, false, a number of proxies (0-99), or addresses like 10.0.0.1,10.0.0.0/8',
    )
    .default('false'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region like us-east-1')
    .optional(),
  S3_ENDPOINT: urlWithProtocol(['https:', 'http:'], 'https://s3.example.com').optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], 'must be true or false').optional(),
  X_ACCEL_REDIRECT_PREFIX: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9._~/-]*\/$/, 'must be a path that starts and ends with /, like /_files/')
    .optional(),
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false'], 'must be true or false').default('false'),
  VIDEO_RENDITIONS: z.enum(['on', 'off'], 'must be on or off').default('on'),
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().trim().min(1).default('ffprobe'),
  S3_CORS: z.enum(['auto', 'off'], 'must be auto or off').default('auto'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/** The name of every setting the configuration reads (deployment files are checked against it). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** BROADCAST_MAILS_PER_SECOND: the pace schools' messages to their students are queued at (decision 036). */
  broadcastMailsPerSecond: number;
  publicUrl: string;
  appSecret: string | undefined;
  logLevel: string;
  sessionTtlHours: number;
  /** Decision 002: `accountMax` per account and address, `accountHourlyMax` per account from any address. */
  rateLimit: { windowSeconds: number; accountMax: number; addressMax: number; accountHourlyMax: number };
  seedDemo: boolean;
  /**
   * Webhooks may go to private, loopback and link-local addresses (a receiver on this machine or its
   * network); off by default (docs/decisions/037).
   */
  webhooksAllowPrivateAddresses: boolean;
  uploads: { maxLessonBytes: number; maxImageBytes: number };
  /**
   * PayPal Orders v2 when both credentials are set; the built-in sandbox otherwise. Its webhook
   * (POST /api/payments/webhooks/paypal) is answered once PAYPAL_WEBHOOK_ID is set as well.
   */
  paypal:
    | { clientId: string; clientSecret: string; baseUrl: string; webhookId: string | undefined }
    | undefined;
  /**
   * Stripe Checkout when STRIPE_SECRET_KEY is set (beside PayPal, if that is set too); its webhook
   * (POST /api/payments/webhooks/stripe) is answered once STRIPE_WEBHOOK_SECRET is set as well.
   */
  stripe: { secretKey: string; webhookSecret: string | undefined; baseUrl: string } | undefined;
  mediaUrlTtlHours: number;
  /**
   * The operator's fee on each course sale, in hundredths of a percent (PLATFORM_FEE_PERCENT 7.5 is 750),
   * fixed on the order when it is made (docs/decisions/024).
   */
  platformFeeBasisPoints: number;
  /**
   * Who holds the money of course sales: `collected`, the operator's provider account, which pays each
   * school out (`npm run payouts`); `connected`, each school's own account with the provider.
   */
  payoutMode: 'collected' | 'connected';
  /**
   * Hours a file that a committed change stopped naming (replaced, or its row deleted) stays in storage
   * before the sweeper deletes it: a backup running meanwhile still copies it.
   */
  fileDeleteGraceHours: number;
  /** The embedded database's page cache (PGlite's shared_buffers), in MiB: memory against disk reads. */
  embeddedDbCacheMb: number;
  /** The longest one statement may run, on either database (lib/request-context.ts). */
  statementTimeoutMs: number;
  /**
   * How long a client may take to send a request's headers, and a body that is not an upload; an upload's
   * body must bring `uploadMinBytesPerSecond` over each such window (plugins/request-limits.ts).
   */
  requestTimeouts: { seconds: number; uploadMinBytesPerSecond: number };
  /** Log every request (pino's incoming/completed lines); errors and slow requests are always logged. */
  logRequests: boolean;
  /** A request that takes longer than this is logged as slow. */
  slowRequestMs: number;
  /** How many logins may wait per password-hashing slot before the next is answered 503 (lib/crypto.ts). */
  passwordHashQueuePerSlot: number;
  /** How long public answers (catalogue, course detail, prices) may be served from memory. */
  publicCacheSeconds: number;
  /**
   * Whose X-Forwarded-For to believe for the client address (rate limits are per address): nobody by
   * default; `true` for any proxy, a number of hops, or the proxies' addresses.
   */
  trustProxy: boolean | number | string;
  /**
   * The internal location of a web server in front (nginx) that sends files on local disk itself: a
   * lesson file or a picture is then answered with X-Accel-Redirect under it, once access is granted.
   */
  xAccelRedirectPrefix: string | undefined;
  /**
   * Video lessons' streaming copies and posters (docs/decisions/041): made with these programs when
   * `renditions` is on and they run; the original file plays otherwise.
   */
  video: { renditions: boolean; ffmpegPath: string; ffprobePath: string };
  /** Whether the server adds a CORS rule to the bucket so the player may read streaming copies from it. */
  s3Cors: boolean;
  /** Files in an S3-compatible bucket when the S3_* settings are given; local disk under DATA_DIR otherwise. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
};

/** The S3 settings a bucket needs: all of them or none (S3_ENDPOINT and S3_FORCE_PATH_STYLE are optional). */
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_ALL = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/** Variables whose value is a secret, or a URL that may carry a password: never printed. */
const SECRET_VARIABLES = new Set([
  'APP_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'S3_SECRET_ACCESS_KEY',
]);

/** How a rejected value is quoted in the start-up message: secrets only by their length. */
const shownValue = (name: string, value: string) =>
  SECRET_VARIABLES.has(name) ? `a value of ${value.length} characters, not shown` : `"${value}"`;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Parses the environment once; lists every bad variable by name. Empty values count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]] as const)
      .filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (parsed.success && Boolean(parsed.data.PAYPAL_CLIENT_ID) !== Boolean(parsed.data.PAYPAL_CLIENT_SECRET)) {
    throw new ConfigError([
      `${parsed.data.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'}: must be set together with ${parsed.data.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_ID' : 'PAYPAL_CLIENT_SECRET'}`,
    ]);
  }
  if (parsed.success && parsed.data.PAYPAL_WEBHOOK_ID && !parsed.data.PAYPAL_CLIENT_ID) {
    throw new ConfigError([
      'PAYPAL_WEBHOOK_ID: PayPal is not configured; set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET as well, or unset it',
    ]);
  }
  if (
    parsed.success &&
    parsed.data.PAYOUT_MODE === 'connected' &&
    !parsed.data.STRIPE_SECRET_KEY &&
    !parsed.data.PAYPAL_CLIENT_ID
  ) {
    // The sandbox has no accounts of the schools': none could ever sell a paid course.
    throw new ConfigError([
      'PAYOUT_MODE: connected pays each school into its own Stripe or PayPal account; set STRIPE_SECRET_KEY, or PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, or use collected',
    ]);
  }
  if (parsed.success && parsed.data.STRIPE_WEBHOOK_SECRET && !parsed.data.STRIPE_SECRET_KEY) {
    throw new ConfigError([
      'STRIPE_WEBHOOK_SECRET: Stripe is not configured; set STRIPE_SECRET_KEY as well, or unset it',
    ]);
  }
  if (parsed.success) {
    // S3_FORCE_PATH_STYLE=false is the default spelled out, not a sign that a bucket was meant.
    const given = S3_ALL.filter((name) => parsed.data[name] !== undefined && parsed.data[name] !== 'false');
    const missing = S3_REQUIRED.filter((name) => parsed.data[name] === undefined);
    if (given.length > 0 && missing.length > 0) {
      throw new ConfigError(
        missing.map(
          (name) =>
            `${name}: must be set to use an S3 bucket (${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set); set all of ${S3_REQUIRED.join(', ')}, or none for local disk`,
        ),
      );
    }
    if (parsed.data.X_ACCEL_REDIRECT_PREFIX && given.length > 0) {
      throw new ConfigError([
        'X_ACCEL_REDIRECT_PREFIX: files are in an S3 bucket, which no web server in front reads from disk; unset it, or the S3_* settings',
      ]);
    }
  }
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name}: ${issue.message} (got ${shownValue(name, present[name] ?? '')})`;
      }),
    );
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    broadcastMailsPerSecond: e.BROADCAST_MAILS_PER_SECOND,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      accountMax: e.RATE_LIMIT_ACCOUNT_MAX,
      addressMax: e.RATE_LIMIT_ADDRESS_MAX,
      accountHourlyMax: e.RATE_LIMIT_ACCOUNT_HOURLY_MAX,
    },
    seedDemo: e.SEED_DEMO,
    webhooksAllowPrivateAddresses: e.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'true',
    uploads: { maxLessonBytes: e.MAX_LESSON_BYTES, maxImageBytes: e.MAX_IMAGE_BYTES },
    mediaUrlTtlHours: e.MEDIA_URL_TTL_HOURS,
    platformFeeBasisPoints: e.PLATFORM_FEE_PERCENT,
    payoutMode: e.PAYOUT_MODE,
    fileDeleteGraceHours: e.FILE_DELETE_GRACE_HOURS,
    embeddedDbCacheMb: e.EMBEDDED_DB_CACHE_MB,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    requestTimeouts: {
      seconds: e.REQUEST_TIMEOUT_SECONDS,
      uploadMinBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND,
    },
    logRequests: e.LOG_REQUESTS === 'true',
    slowRequestMs: e.SLOW_REQUEST_MS,
    passwordHashQueuePerSlot: e.PASSWORD_HASH_QUEUE,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    xAccelRedirectPrefix: e.X_ACCEL_REDIRECT_PREFIX,
    video: {
      renditions: e.VIDEO_RENDITIONS === 'on',
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
    },
    s3Cors: e.S3_CORS === 'auto',
    trustProxy:
      e.TRUST_PROXY === 'true'
        ? true
        : e.TRUST_PROXY === 'false'
          ? false
          : /^\d+$/.test(e.TRUST_PROXY)
            ? Number(e.TRUST_PROXY)
            : e.TRUST_PROXY,
    s3:
      e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            baseUrl: e.PAYPAL_API_BASE,
            webhookId: e.PAYPAL_WEBHOOK_ID,
          }
        : undefined,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          baseUrl: e.STRIPE_API_BASE.replace(/\/+$/, ''),
        }
      : undefined,
  };
}
