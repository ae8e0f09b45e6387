import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The part of a Koa context the added calls use. */
type Context = {
  req: { url: string; headers: Record<string, string | string[] | undefined> };
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
};
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

export type TestBucket = {
  /** The S3_* settings that point the app at this bucket. */
  env: Record<string, string>;
  bucket: string;
  /** A client of its own, for what a test needs to see or set up beside the app. */
  client: S3Client;
  /** Every object key in the bucket. */
  objects(): Promise<string[]>;
  /** The multipart uploads in progress: their keys. */
  uploads(): Promise<string[]>;
  /** Begins a multipart upload and leaves it unfinished, as a crashed instance would. */
  startUpload(key: string): Promise<void>;
  /** Writes an object directly, beside the app. */
  putObject(key: string, body: string): Promise<void>;
  /** The folder s3rver keeps the bucket in. */
  directory: string;
  close(): Promise<void>;
};

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * s3rver 3.7 keeps multipart uploads in `<bucket>/._S3rver_uploads/<id>/` but does not answer
 * ListMultipartUploads, ListParts or AbortMultipartUpload; these three calls complete its wire protocol
 * from that folder, so the SDK is exercised unchanged against a real HTTP server.
 */
function multipartCalls(directory: string, bucket: string): Middleware {
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  return async (ctx, next) => {
    const [, name, ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (name !== bucket) return next();
    if (ctx.method === 'GET' && key === '' && 'uploads' in ctx.query) {
      const ids = await readdir(uploadsDir).catch(() => [] as string[]);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const keyFile = path.join(uploadsDir, id, 'key');
          const [uploadKey, stats] = await Promise.all([readFile(keyFile, 'utf8'), stat(keyFile)]);
          return `<Upload><Key>${xml(uploadKey)}</Key><UploadId>${id}</UploadId><Initiated>${stats.mtime.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`;
        }),
      );
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'GET' && key !== '' && typeof uploadId === 'string') {
      // ListParts, which resumable uploads ask for their offset.
      const dir = path.join(uploadsDir, path.basename(uploadId));
      const owner = await readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);
      ctx.type = 'application/xml';
      if (owner !== key) {
        ctx.status = 404;
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      const numbers = (await readdir(dir)).filter((name) => /^\d+$/.test(name)).map(Number);
      const parts = await Promise.all(
        numbers
          .sort((a, b) => a - b)
          .map(async (n) => {
            const [stats, md5] = await Promise.all([
              stat(path.join(dir, String(n))),
              readFile(path.join(dir, `${n}.md5`), 'utf8'),
            ]);
            return `<Part><PartNumber>${n}</PartNumber><LastModified>${stats.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stats.size}</Size></Part>`;
          }),
      );
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${xml(key)}</Key><UploadId>${xml(uploadId)}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
      return;
    }
    if (ctx.method === 'DELETE' && key !== '' && typeof uploadId === 'string') {
      const dir = path.join(uploadsDir, path.basename(uploadId));
      const owner = await readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);
      if (owner !== key) {
        ctx.status = 404;
        ctx.type = 'application/xml';
        ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
        return;
      }
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    return next();
  };
}

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/** RFC 3986 encoding, as SigV4 wants it for query names and values. */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest();

/**
 * s3rver 3.7 accepts any SigV4 signature. A presigned URL (a signature in the query) is checked here
 * as S3 checks it: for the method it was signed for, the path, every query parameter and the signed
 * headers, and within its lifetime; otherwise 403, as a browser would get from S3 or MinIO.
 */
function presignedUrlCheck(): Middleware {
  const refuse = (ctx: Context, code: string, message: string) => {
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  };
  return async (ctx, next) => {
    const query = ctx.query as Record<string, string | undefined>;
    const given = query['X-Amz-Signature'];
    if (ctx.method === 'OPTIONS' || typeof given !== 'string') return next();
    const { req } = ctx;
    const amzDate = query['X-Amz-Date'] ?? '';
    const [, scope = ''] = (query['X-Amz-Credential'] ?? '').split(/\/(.*)/s);
    const signedAt = Date.parse(
      amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (!(signedAt + Number(query['X-Amz-Expires']) * 1000 > Date.now()))
      return refuse(ctx, 'AccessDenied', 'Request has expired');
    const [rawPath = '', rawQuery = ''] = req.url.split(/\?(.*)/s);
    const params = new URLSearchParams(rawQuery);
    const canonicalQuery = [...params]
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
      .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const signedHeaders = query['X-Amz-SignedHeaders'] ?? 'host';
    const headers = signedHeaders
      .split(';')
      .map(
        (name) =>
          `${name}:${String(req.headers[name] ?? '')
            .trim()
            .replace(/\s+/g, ' ')}\n`,
      )
      .join('');
    const canonicalRequest = [
      ctx.method,
      rawPath,
      canonicalQuery,
      headers,
      signedHeaders,
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const stringToSign = [
      'AWS4-HMAC-SHA256',
      amzDate,
      scope,
      createHash('sha256').update(canonicalRequest).digest('hex'),
    ].join('\n');
    const [date = '', region = '', service = '', terminal = ''] = scope.split('/');
    const key = [date, region, service, terminal].reduce<Buffer | string>(
      (signing, part) => hmac(signing, part),
      `AWS4${SECRET_ACCESS_KEY}`,
    );
    if (hmac(key, stringToSign).toString('hex') !== given)
      return refuse(
        ctx,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    return next();
  };
}

export type TestBucketOptions = {
  /** The port to listen on; a free one by default. */
  port?: number;
  /** Origins whose pages may GET and HEAD the bucket's objects, with Range (CORS). */
  corsOrigins?: string[];
};

const corsConfiguration = (origins: string[]) =>
  `<CORSConfiguration>${origins
    .map(
      (origin) =>
        `<CORSRule><AllowedOrigin>${xml(origin)}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>Range</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader><ExposeHeader>Accept-Ranges</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join('')}</CORSConfiguration>`;

/** An S3 server on a loopback port with one empty bucket, its files in a temporary folder. */
export async function startTestBucket(
  bucket = 'skillwise-test',
  options: TestBucketOptions = {},
): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(tmpdir(), 'skillwise-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [
      { name: bucket, configs: options.corsOrigins ? [corsConfiguration(options.corsOrigins)] : [] },
    ],
  });
  // Koa composes its middleware when the server starts listening: these run before s3rver's router.
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(
    presignedUrlCheck(),
    multipartCalls(directory, bucket),
  );
  const address: AddressInfo = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    env,
    bucket,
    client,
    directory,
    async objects() {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (answer.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async uploads() {
      const answer = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
      return (answer.Uploads ?? []).map((upload) => upload.Key ?? '').sort();
    },
    async startUpload(key) {
      await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    },
    async putObject(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
