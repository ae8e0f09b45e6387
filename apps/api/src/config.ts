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
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: urlWithProtocol(
    ['postgres:', 'postgresql:'],
    'postgres://user:password@host:5432/db',
  ).optional(),
  SMTP_URL: urlWithProtocol(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587').optional(),
  MAIL_FROM: mailbox.default('Skillwise <no-reply@skillwise.local>'),
  PUBLIC_URL: urlWithProtocol(['http:', 'https:'], 'https://learn.example.com').optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_HOURS: positiveInt(24 * 7, 24 * 366),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60, 7 * 24 * 3600),
  RATE_LIMIT_ACCOUNT_MAX: positiveInt(10, 1_000_000),
  RATE_LIMIT_ADDRESS_MAX: positiveInt(300, 1_000_000),
  MAX_LESSON_BYTES: positiveInt(2 * 1024 ** 3, 1024 ** 4),
  MAX_IMAGE_BYTES: positiveInt(10 * 1024 ** 2, 1024 ** 3),
  MEDIA_URL_TTL_HOURS: positiveInt(6, 24 * 31),
  EMBEDDED_DB_CACHE_MB: positiveInt(16, 16 * 1024),
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
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(
      (value) => /^(true|false|\d{1,2})$/.test(value) || isTrustedProxyList(value),
      'must be true, false, a number of proxies (0-99), or addresses like 10.0.0.1,10.0.0.0/8',
    )
    .default('false'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  appSecret: string | undefined;
  logLevel: string;
  sessionTtlHours: number;
  rateLimit: { windowSeconds: number; accountMax: number; addressMax: number };
  seedDemo: boolean;
  uploads: { maxLessonBytes: number; maxImageBytes: number };
  /** PayPal Orders v2 when both credentials are set; the built-in sandbox otherwise. */
  paypal: { clientId: string; clientSecret: string; baseUrl: string } | undefined;
  mediaUrlTtlHours: number;
  /** The embedded database's page cache (PGlite's shared_buffers), in MiB: memory against disk reads. */
  embeddedDbCacheMb: number;
  /** How long public answers (catalogue, course detail, prices) may be served from memory. */
  publicCacheSeconds: number;
  /**
   * Whose X-Forwarded-For to believe for the client address (rate limits are per address): nobody by
   * default; `true` for any proxy, a number of hops, or the proxies' addresses.
   */
  trustProxy: boolean | number | string;
};

/** Variables whose value is a secret, or a URL that may carry a password: never printed. */
const SECRET_VARIABLES = new Set(['APP_SECRET', 'PAYPAL_CLIENT_SECRET', 'DATABASE_URL', 'SMTP_URL']);

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
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    rateLimit: {
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
      accountMax: e.RATE_LIMIT_ACCOUNT_MAX,
      addressMax: e.RATE_LIMIT_ADDRESS_MAX,
    },
    seedDemo: e.SEED_DEMO,
    uploads: { maxLessonBytes: e.MAX_LESSON_BYTES, maxImageBytes: e.MAX_IMAGE_BYTES },
    mediaUrlTtlHours: e.MEDIA_URL_TTL_HOURS,
    embeddedDbCacheMb: e.EMBEDDED_DB_CACHE_MB,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    trustProxy:
      e.TRUST_PROXY === 'true'
        ? true
        : e.TRUST_PROXY === 'false'
          ? false
          : /^\d+$/.test(e.TRUST_PROXY)
            ? Number(e.TRUST_PROXY)
            : e.TRUST_PROXY,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, baseUrl: e.PAYPAL_API_BASE }
        : undefined,
  };
}
