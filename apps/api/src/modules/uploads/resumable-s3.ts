import { paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import { type S3Settings, s3ClientConfig } from '../../lib/s3-storage';
import { isFileKey } from '../../lib/storage';
import type { ResumableFiles } from './resumable-store';

/** Part size: 8 MiB like the server's own multipart uploads (decision 006), more when the limit needs it. */
const PART_BYTES = 8 * 1024 * 1024;
/** Parts of one store sent to the bucket at once; each waits in a temporary file, never in memory. */
const PARTS_IN_FLIGHT = 4;

const isMissing = (error: unknown) => {
  const { name, Code, $metadata } = error as {
    name?: string;
    Code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  return (
    ['NoSuchUpload', 'NoSuchKey', 'NotFound'].includes(name ?? Code ?? '') ||
    $metadata?.httpStatusCode === 404
  );
};

/** The official S3 store, with what the server needs of its bucket besides writing. */
class BucketStore extends S3Store {
  /** Is the multipart upload still open, and when did a part of it last arrive? */
  async lastPartAt(id: string): Promise<{ open: boolean; at: number }> {
    try {
      const parts = await this.retrieveParts(id);
      return { open: true, at: Math.max(0, ...parts.map((part) => part.LastModified?.getTime() ?? 0)) };
    } catch (error) {
      if (isMissing(error)) return { open: false, at: 0 };
      throw error;
    }
  }

  /** Removes an upload's own objects: the record, the unfinished last part, and the file when asked. */
  async removeObjects(id: string, withFile: boolean) {
    const keys = [this.infoKey(id), this.partKey(id, true), ...(withFile ? [id] : [])];
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
    });
    await this.clearCache(id);
  }

  /** Aborts the multipart upload, if it is still open. */
  async abort(id: string) {
    try {
      const metadata = await this.getMetadata(id);
      await this.client.abortMultipartUpload({
        Bucket: this.bucket,
        Key: id,
        UploadId: metadata['upload-id'],
      });
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  destroy() {
    this.client.destroy();
  }

  /** `<key>.info` and `<key>.part` objects, with their dates. */
  async *records(): AsyncGenerator<{ id: string; suffix: 'info' | 'part'; at: number }> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        const match = /^(.+)\.(info|part)$/.exec(object.Key ?? '');
        if (!match?.[1] || !isFileKey(match[1])) continue;
        yield {
          id: match[1],
          suffix: match[2] as 'info' | 'part',
          at: object.LastModified?.getTime() ?? 0,
        };
      }
    }
  }
}

class BucketResumableFiles implements ResumableFiles {
  constructor(
    private readonly bucket: BucketStore,
    readonly store: DataStore,
  ) {}

  async settle() {
    // A completed multipart upload is the stored file already, under the upload's id.
  }

  async discard(id: string) {
    await this.bucket.abort(id);
    await this.bucket.removeObjects(id, true);
  }

  async removeStale(before: Date): Promise<number> {
    const uploads = new Map<string, { info: number; part: number }>();
    for await (const record of this.bucket.records()) {
      const seen = uploads.get(record.id) ?? { info: 0, part: 0 };
      seen[record.suffix] = Math.max(seen[record.suffix], record.at);
      uploads.set(record.id, seen);
    }
    let removed = 0;
    for (const [id, seen] of uploads) {
      if (Math.max(seen.info, seen.part) >= before.getTime()) continue;
      const parts = await this.bucket.lastPartAt(id);
      if (parts.at >= before.getTime()) continue;
      // A finished upload's file is a lesson's (or an orphan the generic sweep removes): only its records go.
      if (parts.open) await this.bucket.abort(id);
      await this.bucket.removeObjects(id, false);
      removed += 1;
    }
    return removed;
  }

  close() {
    this.bucket.destroy();
  }
}

/** Resumable uploads into the configured bucket, multipart under each upload's generated key. */
export function createBucketResumableFiles(
  settings: S3Settings,
  maxLessonBytes: number,
  wrap: (inner: DataStore) => DataStore,
): ResumableFiles {
  const bucket = new BucketStore({
    partSize: Math.max(PART_BYTES, Math.ceil(maxLessonBytes / 10_000)),
    maxConcurrentPartUploads: PARTS_IN_FLIGHT,
    // Expiry is the sweeper's (modules/media/file-sweeper.ts), by last activity rather than by age.
    useTags: false,
    s3ClientConfig: { bucket: settings.bucket, ...s3ClientConfig(settings) },
  });
  return new BucketResumableFiles(bucket, wrap(bucket));
}
