import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

test('defaults: port 3000, ./data, outbox mail, embedded database', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, smtpUrl: undefined });
  expect(config.dataDir.endsWith('/data')).toBe(true);
  expect(config.publicUrl).toBe('http://localhost:3000');
});

test('HOST: this machine only (127.0.0.1) unless set, as the demo accounts have published passwords', () => {
  expect(loadConfig({}).host).toBe('127.0.0.1');
  expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
  expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  expect(loadConfig({ HOST: '::' }).host).toBe('::');
});

test('every bad variable is named', () => {
  try {
    loadConfig({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SMTP_URL: 'http://mail',
      PUBLIC_URL: 'nope',
      MAIL_FROM: 'x',
    });
    expect.unreachable();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'MAIL_FROM'])
      expect(message).toContain(name);
  }
});

test('a port out of range is refused; empty values count as unset', () => {
  expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  expect(loadConfig({ PUBLIC_URL: 'https://learn.example.com/' }).publicUrl).toBe(
    'https://learn.example.com',
  );
});

test('PayPal is used only with both credentials; one alone is refused by name', () => {
  expect(loadConfig({}).paypal).toBeUndefined();
  expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }).paypal).toEqual({
    clientId: 'id',
    clientSecret: 'secret',
    baseUrl: 'https://api-m.sandbox.paypal.com',
  });
  expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'id' })).toThrow(/PAYPAL_CLIENT_SECRET/);
  // The webhook's id, as PayPal shows it for the registered webhook; it needs the credentials.
  const webhook = {
    PAYPAL_CLIENT_ID: 'id',
    PAYPAL_CLIENT_SECRET: 'secret',
    PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
  };
  expect(loadConfig(webhook).paypal?.webhookId).toBe('8PT597110X687430LKGECATA');
  expect(() => loadConfig({ ...webhook, PAYPAL_WEBHOOK_ID: 'https://x/hook' })).toThrow(/PAYPAL_WEBHOOK_ID/);
  expect(() => loadConfig({ PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' })).toThrow(
    /PAYPAL_WEBHOOK_ID: PayPal is not configured/,
  );
});

test('Stripe is used with its secret key, beside PayPal; its settings are checked by name', () => {
  expect(loadConfig({}).stripe).toBeUndefined();
  expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_xyz' }).stripe).toEqual(
    {
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_xyz',
      baseUrl: 'https://api.stripe.com',
    },
  );
  const both = loadConfig({
    PAYPAL_CLIENT_ID: 'id',
    PAYPAL_CLIENT_SECRET: 'secret',
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_API_BASE: 'http://127.0.0.1:12111/',
  });
  expect(both.paypal).toBeDefined();
  expect(both.stripe).toEqual({
    secretKey: 'sk_live_abc',
    webhookSecret: undefined,
    baseUrl: 'http://127.0.0.1:12111',
  });
  expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/);
  expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).not.toThrow(/pk_test_abc/);
  expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_xyz' })).toThrow(/STRIPE_SECRET_KEY/);
  expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_BASE: 'ftp://x' })).toThrow(
    /STRIPE_API_BASE/,
  );
});

test('a rejected secret or credentialled URL is named but never printed', () => {
  try {
    loadConfig({ APP_SECRET: 'short-secret', DATABASE_URL: 'postgres://user:S3cr3tPw@[bad/x', PORT: 'abc' });
    expect.unreachable();
  } catch (error) {
    const message = (error as Error).message;
    expect(message).toContain('APP_SECRET');
    expect(message).toContain('DATABASE_URL');
    expect(message).not.toContain('short-secret');
    expect(message).not.toContain('S3cr3tPw');
    expect(message).toContain('"abc"');
  }
});

test('TRUST_PROXY: off by default; true, a hop count or addresses; anything else is named', () => {
  expect(loadConfig({}).trustProxy).toBe(false);
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  expect(loadConfig({ TRUST_PROXY: '::1, fd00::/8' }).trustProxy).toBe('::1, fd00::/8');
  for (const bad of ['everyone', 'cafe', '10.0.0.0/99', '999', '10.0.0.1/8/2'])
    expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
});

test('numbers past what makes sense are refused by name, not at the first login', () => {
  expect(() => loadConfig({ SESSION_TTL_HOURS: '999999999999' })).toThrow(
    /SESSION_TTL_HOURS: must be at most/,
  );
  expect(() => loadConfig({ MEDIA_URL_TTL_HOURS: '100000' })).toThrow(/MEDIA_URL_TTL_HOURS/);
  expect(() => loadConfig({ PUBLIC_CACHE_SECONDS: '999999' })).toThrow(/PUBLIC_CACHE_SECONDS/);
  expect(() => loadConfig({ EMBEDDED_DB_CACHE_MB: '0' })).toThrow(/EMBEDDED_DB_CACHE_MB/);
  expect(() => loadConfig({ EMBEDDED_DB_CACHE_MB: '999999' })).toThrow(/EMBEDDED_DB_CACHE_MB/);
  expect(loadConfig({}).embeddedDbCacheMb).toBe(16);
  expect(loadConfig({ EMBEDDED_DB_CACHE_MB: '256' }).embeddedDbCacheMb).toBe(256);
});

test('request logging, slow requests, statement timeout and the password line: defaults and bad values', () => {
  expect(loadConfig({})).toMatchObject({
    logRequests: false,
    slowRequestMs: 1000,
    statementTimeoutMs: 15_000,
    passwordHashQueuePerSlot: 64,
  });
  expect(
    loadConfig({
      LOG_REQUESTS: 'true',
      SLOW_REQUEST_MS: '250',
      DB_STATEMENT_TIMEOUT_MS: '5000',
      PASSWORD_HASH_QUEUE: '8',
    }),
  ).toMatchObject({
    logRequests: true,
    slowRequestMs: 250,
    statementTimeoutMs: 5000,
    passwordHashQueuePerSlot: 8,
  });
  const problems = (() => {
    try {
      loadConfig({
        LOG_REQUESTS: 'yes',
        SLOW_REQUEST_MS: '0',
        DB_STATEMENT_TIMEOUT_MS: '-1',
        PASSWORD_HASH_QUEUE: 'many',
      });
    } catch (error) {
      return (error as ConfigError).problems.join('\n');
    }
    return '';
  })();
  for (const name of ['LOG_REQUESTS', 'SLOW_REQUEST_MS', 'DB_STATEMENT_TIMEOUT_MS', 'PASSWORD_HASH_QUEUE']) {
    expect(problems).toContain(`${name}:`);
  }
});

test('PLATFORM_FEE_PERCENT: 0 by default, up to 100 with two decimals; PAYOUT_MODE collected or connected', () => {
  expect(loadConfig({})).toMatchObject({ platformFeeBasisPoints: 0, payoutMode: 'collected' });
  expect(loadConfig({ PLATFORM_FEE_PERCENT: '7.5' }).platformFeeBasisPoints).toBe(750);
  expect(loadConfig({ PLATFORM_FEE_PERCENT: '12.25' }).platformFeeBasisPoints).toBe(1225);
  expect(loadConfig({ PLATFORM_FEE_PERCENT: '100' }).platformFeeBasisPoints).toBe(10_000);
  expect(loadConfig({ PLATFORM_FEE_PERCENT: '0.01' }).platformFeeBasisPoints).toBe(1);
  for (const bad of ['100.01', '101', '-1', '7.125', 'ten', '7,5']) {
    expect(() => loadConfig({ PLATFORM_FEE_PERCENT: bad }), bad).toThrow(/PLATFORM_FEE_PERCENT/);
  }
  expect(loadConfig({ PAYOUT_MODE: 'connected', STRIPE_SECRET_KEY: 'sk_test_1' }).payoutMode).toBe(
    'connected',
  );
  const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
  expect(loadConfig({ PAYOUT_MODE: 'connected', ...paypal }).payoutMode).toBe('connected');
  // With the sandbox alone no school has an account to be paid into.
  expect(() => loadConfig({ PAYOUT_MODE: 'connected' })).toThrow(
    /PAYOUT_MODE: connected pays each school into its own Stripe or PayPal account/,
  );
  expect(() => loadConfig({ PAYOUT_MODE: 'direct' })).toThrow(/PAYOUT_MODE: must be collected or connected/);
});
