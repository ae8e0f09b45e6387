import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { StorageQuota, StreamHold } from '../modules/organisations/storage-quota';
import { AppError } from './errors';
import { SNIFF_BYTES, type Sniffed, sniff } from './sniff';
import { type FileStorage, newFileKey } from './storage';
import { parseInput } from './validate';
import { uploadedBytes } from './young-garbage';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-matroska': 'mkv',
  'video/ogg': 'ogv',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/flac': 'flac',
  'text/plain': 'txt',
  // A text lesson written in the page (lib/lesson-html.ts): made by the server, never an upload's type.
  'text/html': 'html',
};

/** The extension a generated key gets for a file of this MIME type. */
export const extensionOf = (mime: string) => EXTENSIONS[mime] ?? 'bin';

export type UploadRule = {
  /** The form field that carries the file. */
  field: string;
  maxBytes: number;
  /** Answers why a file of this kind is refused here, or undefined to take it. */
  refuse: (file: Sniffed) => string | undefined;
  /** The largest text field in bytes, when this form takes a larger one than others (64 KiB). */
  fieldSize?: number;
  /**
   * Decides from the text fields sent before the file whether the caller may upload it at all (a
   * permission that depends on a field), before a byte of the file is stored; throws to refuse.
   */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
  /**
   * For a small file (a captions file): it is read whole, at most `maxBytes`, and this checks it by its
   * content, in place of sniffing and `refuse`, and answers what to store (rewritten, or as it came) with
   * its type; it throws to refuse the file.
   */
  rewrite?: (data: Buffer) => RewrittenFile;
  /** The refusal of a file past `maxBytes`, when it is not the 413 of `tooLarge`. */
  overLimit?: () => AppError;
};

/** What `UploadRule.rewrite` stores: the bytes, their type, and the extension of the generated key. */
export type RewrittenFile = { data: Buffer; mime: string; kind: Sniffed['kind']; extension: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** The organisations' storage quotas: every upload a publisher sends counts against them. */
    storageQuota: StorageQuota | undefined;
    /** Which of these stored files a row names, or the deletion queue holds (db/queries/files.ts). */
    referencedFiles: ((keys: string[]) => Promise<Set<string>>) | undefined;
  }
}

export type ReceivedFile = Sniffed & { key: string; size: number; filename: string };

export type ReceivedUpload = {
  /** Text fields by name, as sent. */
  fields: Record<string, string>;
  /** Text fields cut at `UploadRule.fieldSize`: sent longer than it. */
  truncated: Set<string>;
  file: ReceivedFile | undefined;
  /** Removes the stored file: for a request that fails after its upload was stored. */
  discard(): Promise<void>;
};

const megabytes = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${+(bytes / 1024 ** 3).toFixed(2)} GB` : `${+(bytes / 1024 ** 2).toFixed(2)} MB`;

export const tooLarge = (max: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `The file is too large. The maximum is ${megabytes(max)}.`);

/**
 * Removes a file stored for a request that failed, with its record in the storage allowance. The change
 * that names the file may have committed before the request failed (reading its answer back): the file
 * is then its row's, and goes only as a row's file goes (decision 011).
 */
export async function discardStoredFile(request: FastifyRequest, storage: FileStorage, key: string) {
  if ((await request.server.referencedFiles?.([key]))?.has(key)) return;
  try {
    await storage.delete(key);
  } finally {
    await request.server.storageQuota?.forget(key);
  }
}

/**
 * Reads the first bytes of a stream for sniffing, then streams them and the rest, counting against a
 * limit: past it, the stream fails with `over()`. `before(total)` runs before the bytes up to `total`
 * are passed on (the storage quota holds room for them), and may fail the stream too.
 */
async function sniffAndLimit(
  source: AsyncIterable<Buffer>,
  maxBytes: number,
  over: () => Error,
  before: (total: number) => Promise<void>,
) {
  const iterator = source[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  let done = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
    if (headBytes > maxBytes) throw over();
  }
  const first = Buffer.concat(head);
  async function* all() {
    let total = first.length;
    await before(total);
    yield first;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      total += next.value.length;
      if (total > maxBytes) throw over();
      await before(total);
      uploadedBytes(next.value.length);
      yield next.value;
    }
  }
  return { head: first, body: Readable.from(all(), { objectMode: false }) };
}

/**
 * Receives a multipart request: text fields, and at most one file in `rule.field`, streamed to storage
 * under a generated name after its type is checked by content, with the size limit enforced while it
 * streams. Any failure leaves no file behind; an upload cut short closes the connection so the client
 * stops sending. A publisher's file counts against the organisation's storage allowance: room is held
 * for its bytes before they are stored (StorageQuota.holdWhileStreaming, each step under the
 * organisation's lock), so it stops streaming once no room is left, and the hold becomes the file's
 * record when it is stored, or is released when it fails.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  rule: UploadRule,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw new AppError('VALIDATION', 'body: must be multipart/form-data', [
      { field: 'body', message: 'must be multipart/form-data' },
    ]);
  }
  const over = () => rule.overLimit?.() ?? tooLarge(rule.maxBytes);
  const declared = Number(request.headers['content-length']);
  // The form's text fields take a few kilobytes at most beside the file.
  if (Number.isFinite(declared) && declared > rule.maxBytes + 1024 * 1024) {
    reply.header('connection', 'close');
    throw over();
  }
  const quota = request.server.storageQuota;
  const orgId = request.actor?.orgId ?? null;
  const room = quota && orgId !== null ? await quota.room(orgId) : undefined;
  if (room && Number.isFinite(declared) && declared > room.leftBytes + 1024 * 1024) {
    reply.header('connection', 'close');
    throw room.refusal();
  }
  const fields: Record<string, string> = {};
  const truncated = new Set<string>();
  let file: ReceivedFile | undefined;
  let hold: StreamHold | undefined;
  const discard = async () => {
    const stored = file;
    file = undefined;
    if (stored) await discardStoredFile(request, storage, stored.key);
  };
  try {
    const parts = rule.fieldSize ? request.parts({ limits: { fieldSize: rule.fieldSize } }) : request.parts();
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.valueTruncated) truncated.add(part.fieldname);
        continue;
      }
      if (part.fieldname !== rule.field) {
        throw new AppError('VALIDATION', `${part.fieldname}: no file is expected in this field`, [
          { field: part.fieldname, message: `no file is expected here; send it as "${rule.field}"` },
        ]);
      }
      if (file) {
        throw new AppError('VALIDATION', `${rule.field}: send one file per request`, [
          { field: rule.field, message: 'send one file per request' },
        ]);
      }
      await rule.beforeFile?.(fields);
      const streaming =
        quota && orgId !== null
          ? quota.holdWhileStreaming(
              orgId,
              Number.isFinite(declared) ? Math.min(declared, rule.maxBytes) : rule.maxBytes,
            )
          : undefined;
      hold = streaming;
      const { head, body } = await sniffAndLimit(part.file, rule.maxBytes, over, async (total) =>
        streaming?.cover(total),
      );
      if (head.length === 0 && !part.filename) {
        // A form's empty file input: no file was chosen.
        body.resume();
        continue;
      }
      const { sniffed, extension, source } = rule.rewrite
        ? rewritten(rule.rewrite(await readWhole(body)))
        : checkedByContent(head, body, rule);
      const key = newFileKey(extension);
      const size = await storage.put(key, source, { contentType: sniffed.mime });
      if (part.file.truncated) {
        await storage.delete(key);
        throw over();
      }
      file = { ...sniffed, key, size, filename: part.filename };
      // The hold becomes the file's record; refused (a hold that lapsed), the file is discarded.
      if (quota && orgId !== null) await quota.record(orgId, file, streaming?.id);
    }
  } catch (error) {
    // The refusal is what the client hears; a file that could not be removed now is left to the
    // sweeper (no row names it), its record to the sweeper's pass over the records, and a hold that
    // could not be released to its lease.
    await discard().catch((cleanup: unknown) =>
      request.log.warn({ err: cleanup }, 'a refused upload could not be removed yet'),
    );
    await hold
      ?.release()
      .catch((cleanup: unknown) =>
        request.log.warn({ err: cleanup }, 'an upload’s hold could not be released'),
      );
    if (!request.raw.complete) reply.header('connection', 'close');
    throw mapMultipartError(error, over);
  }
  return { fields, truncated, file, discard };
}

/** A file judged by its first bytes (lib/sniff.ts) and refused by the rule's `refuse`, streamed as it came. */
function checkedByContent(head: Buffer, body: Readable, rule: UploadRule) {
  const sniffed = sniff(head);
  const refusal = sniffed ? rule.refuse(sniffed) : 'This type of file is not accepted.';
  if (!sniffed || refusal) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', refusal ?? 'This type of file is not accepted.', [
      { field: rule.field, message: refusal ?? 'this type of file is not accepted' },
    ]);
  }
  return { sniffed, extension: extensionOf(sniffed.mime), source: body };
}

const rewritten = ({ data, mime, kind, extension }: RewrittenFile) => ({
  sniffed: { mime, kind },
  extension,
  source: Readable.from([data]),
});

/** A stream already bounded by its rule's `maxBytes` (sniffAndLimit), read into one buffer. */
async function readWhole(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function mapMultipartError(error: unknown, over: () => AppError): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return over();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('VALIDATION', 'body: too many parts in this form', [
      { field: 'body', message: 'too many parts' },
    ]);
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('VALIDATION', 'body: malformed multipart form', [
      { field: 'body', message: 'malformed multipart form' },
    ]);
  }
  if (
    error instanceof Error &&
    /Unexpected end of (form|multipart data)|Part terminated early|Malformed part header|Boundary not found/i.test(
      error.message,
    )
  ) {
    return new AppError('VALIDATION', 'body: malformed multipart form', [
      { field: 'body', message: 'malformed multipart form' },
    ]);
  }
  return error;
}

/**
 * Validates multipart text fields sent as `Object.<name>` (SPEC §7; the bare name is accepted too); a
 * 400 names each field the way it was sent, or as `Object.<name>` when it is missing.
 */
export function parseObjectFields<S extends z.ZodType>(
  schema: S,
  fields: Record<string, string>,
  missingPrefix = 'Object.',
): z.output<S> {
  const values: Record<string, string> = {};
  const sentAs: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const bare = name.startsWith('Object.') ? name.slice('Object.'.length) : name;
    values[bare] = value;
    sentAs[bare] = name;
  }
  return parseInput(schema, values, 'body', (field) => sentAs[field] ?? `${missingPrefix}${field}`);
}
