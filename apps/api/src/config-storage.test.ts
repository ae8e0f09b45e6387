import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

const bucket = {
  S3_BUCKET: 'skillwise-files',
  S3_REGION: 'eu-west-1',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'very-secret-key-value',
};

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('the configuration was accepted');
};

test('no S3 settings: files on local disk; S3_FORCE_PATH_STYLE=false alone changes nothing', () => {
  expect(loadConfig({}).s3).toBeUndefined();
  expect(loadConfig({ S3_FORCE_PATH_STYLE: 'false', S3_BUCKET: ' ' }).s3).toBeUndefined();
});

test('all four settings choose the bucket; the endpoint and path style are optional', () => {
  expect(loadConfig(bucket).s3).toEqual({
    bucket: 'skillwise-files',
    region: 'eu-west-1',
    endpoint: undefined,
    accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: 'very-secret-key-value',
    forcePathStyle: false,
  });
  const minio = loadConfig({ ...bucket, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' });
  expect(minio.s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
});

test('some settings without the others: start-up names each one missing', () => {
  const missing = problems({ S3_BUCKET: 'skillwise-files', S3_ENDPOINT: 'https://s3.example.com' });
  expect(missing.map((line) => line.split(':')[0])).toEqual([
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
  ]);
  expect(missing[0]).toContain('S3_BUCKET, S3_ENDPOINT are set');
  expect(problems({ S3_SECRET_ACCESS_KEY: 'x' }).map((line) => line.split(':')[0])).toEqual([
    'S3_BUCKET',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
  ]);
});

test('bad values are named; the secret key is never printed', () => {
  const found = problems({
    ...bucket,
    S3_BUCKET: 'Not_A_Bucket',
    S3_ENDPOINT: 'ftp://files',
    S3_FORCE_PATH_STYLE: 'yes',
    S3_SECRET_ACCESS_KEY: 'very-secret-key-value',
    PORT: 'eighty',
  });
  const text = found.join('\n');
  for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE']) expect(text).toContain(name);
  expect(text).not.toContain('very-secret-key-value');
});

test('X_ACCEL_REDIRECT_PREFIX: off by default; a path between slashes; not with a bucket', () => {
  expect(loadConfig({}).xAccelRedirectPrefix).toBeUndefined();
  expect(loadConfig({ X_ACCEL_REDIRECT_PREFIX: '/_files/' }).xAccelRedirectPrefix).toBe('/_files/');
  for (const value of ['_files/', '/_files', 'http://x/_files/', '/a b/']) {
    expect(problems({ X_ACCEL_REDIRECT_PREFIX: value })).toEqual([
      expect.stringMatching(/^X_ACCEL_REDIRECT_PREFIX: must be a path that starts and ends with \//),
    ]);
  }
  expect(problems({ ...bucket, X_ACCEL_REDIRECT_PREFIX: '/_files/' })).toEqual([
    expect.stringMatching(/^X_ACCEL_REDIRECT_PREFIX: files are in an S3 bucket/),
  ]);
});
