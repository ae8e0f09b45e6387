import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  type CORSRule,
  DeleteObjectCommand,
  GetBucketCorsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  PutBucketCorsCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config';
import {
  type FileStorage,
  isFileKey,
  keptForPipeline,
  type PresignOptions,
  type StoredFile,
} from './storage';

/** The S3_* settings (README "Configuration"). */
export type S3Settings = NonNullable<Config['s3']>;

/** The S3 client's settings for the bucket: every client of it (stored files, resumable uploads) uses these. */
export const s3ClientConfig = (settings: S3Settings) =>
  ({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Services other than AWS do not all speak the newer default checksums; ask only where required.
    ...(settings.endpoint
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  }) satisfies S3ClientConfig;

/** The longest an upload may take: a multipart upload begun earlier is abandoned and aborted. */
export const MAX_UPLOAD_MS = 24 * 3600_000;
/** Part size: 8 MiB (S3 takes 5 MiB and up), larger when the limit would need over 10,000 parts. */
const MIN_PART_BYTES = 8 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** Parts in flight at once: with the part being filled, memory per upload stays at about three parts. */
const QUEUE_SIZE = 2;

const isNotFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
};

/**
 * Files in an S3-compatible bucket under their generated keys (docs/decisions/006). Uploads stream
 * through multipart uploads of bounded parts, aborted when the source fails; lesson files are handed out
 * as presigned URLs, so their bytes never pass through the server.
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly partSize: number;

  /** `maxFileBytes`: the largest file any upload path takes, which sizes the parts. */
  constructor(settings: S3Settings, maxFileBytes = 2 * 1024 ** 3) {
    this.bucket = settings.bucket;
    this.partSize = Math.max(MIN_PART_BYTES, Math.ceil(maxFileBytes / MAX_PARTS));
    this.client = new S3Client(s3ClientConfig(settings));
  }

  private checked(key: string) {
    if (!isFileKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return key;
  }

  /** Fails when the bucket cannot be reached with these credentials (checked at start-up). */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const { name, message, code, $metadata } = error as {
        name?: string;
        message?: string;
        code?: string;
        $metadata?: { httpStatusCode?: number };
      };
      const status = $metadata?.httpStatusCode;
      // A HEAD answer has no body: the status says more than the SDK's message.
      const reason =
        status === 404
          ? 'no such bucket'
          : status === 403
            ? 'access denied with these credentials'
            : `${code ?? name ?? 'error'}: ${message ?? String(error)}`;
      throw new Error(status ? `${reason}, HTTP ${status}` : reason);
    }
  }

  async put(key: string, source: Readable, options: { contentType?: string } = {}): Promise<number> {
    const Key = this.checked(key);
    // An error before the upload reads the source is kept for the read, not thrown as uncaught.
    source.on('error', keptForPipeline);
    let bytes = 0;
    async function* counted() {
      for await (const chunk of source) {
        bytes += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    }
    const body = Readable.from(counted(), { objectMode: false });
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key,
        Body: body,
        ContentType: options.contentType ?? 'application/octet-stream',
      },
      partSize: this.partSize,
      queueSize: QUEUE_SIZE,
      // A failed upload aborts its multipart upload: no parts are left to pay for.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
      return bytes;
    } catch (error) {
      // Stop reading the request; a file small enough for one part was never written.
      body.destroy();
      throw error;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const { client, bucket } = this;
    const Key = this.checked(key);
    async function* chunks() {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      if (!answer.Body) return;
      yield* answer.Body as Readable;
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }),
      );
      return head.ContentLength;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }

  async presignGet(key: string, options: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.checked(key),
      ResponseContentType: options.contentType,
      ResponseContentDisposition: `inline; filename="${options.filename}"`,
    });
    return getSignedUrl(this.client, command, {
      signingDate: options.signedAt,
      expiresIn: options.expiresInSeconds,
    });
  }

  async *list(): AsyncIterable<StoredFile> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (!object.Key || !isFileKey(object.Key) || !object.LastModified) continue;
        yield { key: object.Key, settledAt: new Date(object.LastModified.getTime() + MAX_UPLOAD_MS) };
      }
    }
  }

  /** An object's size and ETag, or undefined when there is none (a backup's manifest of the bucket). */
  async head(key: string): Promise<{ size: number; etag: string } | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }),
      );
      return { size: head.ContentLength ?? 0, etag: head.ETag ?? '' };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async removeIncomplete(before: Date): Promise<number> {
    let removed = 0;
    let marker: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const page: ListMultipartUploadsCommandOutput = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.bucket, ...marker }),
      );
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || !isFileKey(upload.Key)) continue;
        // An upload may run for MAX_UPLOAD_MS: only one begun before that is abandoned.
        if (upload.Initiated.getTime() + MAX_UPLOAD_MS >= before.getTime()) continue;
        try {
          await this.client.send(
            new AbortMultipartUploadCommand({
              Bucket: this.bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          removed += 1;
        } catch (error) {
          // Completed or aborted meanwhile (by the upload itself, or another instance's sweep).
          if (!isNotFound(error) && (error as { name?: string }).name !== 'NoSuchUpload') throw error;
        }
      }
      if (!page.IsTruncated || !(page.NextKeyMarker || page.NextUploadIdMarker)) return removed;
      marker = {
        ...(page.NextKeyMarker ? { KeyMarker: page.NextKeyMarker } : {}),
        ...(page.NextUploadIdMarker ? { UploadIdMarker: page.NextUploadIdMarker } : {}),
      };
    }
  }

  /**
   * Makes sure a page of `origin` may read the bucket's files with a script (the video player reads
   * streaming copies by range: docs/decisions/041): a rule that already allows GET from it (or from any
   * origin) is left as it is; otherwise one is added beside the bucket's other rules.
   */
  async allowReadsFrom(origin: string): Promise<'present' | 'added'> {
    let rules: CORSRule[] = [];
    try {
      const answer = await this.client.send(new GetBucketCorsCommand({ Bucket: this.bucket }));
      rules = answer.CORSRules ?? [];
    } catch (error) {
      if ((error as { name?: string }).name !== 'NoSuchCORSConfiguration' && !isNotFound(error)) throw error;
    }
    const allows = rules.some(
      (rule) =>
        rule.AllowedMethods?.includes('GET') &&
        rule.AllowedOrigins?.some((allowed) => allowed === '*' || allowed === origin),
    );
    if (allows) return 'present';
    rules.push({
      AllowedOrigins: [origin],
      AllowedMethods: ['GET', 'HEAD'],
      AllowedHeaders: ['Range'],
      ExposeHeaders: ['Content-Length', 'Content-Range', 'ETag'],
      MaxAgeSeconds: 3600,
    });
    await this.client.send(
      new PutBucketCorsCommand({ Bucket: this.bucket, CORSConfiguration: { CORSRules: rules } }),
    );
    return 'added';
  }

  close() {
    this.client.destroy();
  }
}
