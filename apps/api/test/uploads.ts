import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { FileSweeper } from '../src/modules/media/file-sweeper';
import { call, type TestContext } from './helpers';

export type FilePart = { field: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body, built by hand so tests control every byte. */
export function multipart(fields: Record<string, string | number | boolean>, file?: FilePart) {
  const boundary = `----skillwise${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  fields: Record<string, string | number | boolean>,
  file?: FilePart,
) {
  const body = multipart(fields, file);
  return call(app, {
    method,
    url,
    ...(token ? { token } : {}),
    body: body.payload,
    headers: { 'content-type': body.contentType },
  });
}

const pad = (head: Buffer, size: number) =>
  Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);

/** Files whose first bytes are those of the real formats (type is judged by content, not by name). */
export const fixtures = {
  png: (size = 2048) => pad(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), size),
  jpeg: (size = 2048) => pad(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), size),
  pdf: (size = 4096) => pad(Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'), size),
  mp4: (size = 8192) => pad(Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0]), size),
  mp3: (size = 4096) => pad(Buffer.from('ID3\x03\x00'), size),
  text: () => Buffer.from('Lesson notes\nLine two\n'),
  html: () => Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
  exe: () => pad(Buffer.from('MZ\x90\x00'), 4096),
};

export const imagePart = (data = fixtures.png(), filename = 'photo.png'): FilePart => ({
  field: 'fileName',
  filename,
  contentType: 'image/png',
  data,
});

/** Every file under the context's storage folder (partial uploads included). */
export async function filesOnDisk(ctx: TestContext): Promise<string[]> {
  const entries = await readdir(ctx.filesDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/**
 * The file sweeper as it runs once FILE_DELETE_GRACE_HOURS have passed: the files that committed changes
 * stopped naming go (decision 011), and nothing fresh. Its clock is a second ahead, so a deletion queued
 * in the same millisecond is due.
 */
export function sweepDeletedFiles(ctx: TestContext) {
  return new FileSweeper({ db: ctx.database.db, storage: ctx.storage, deleteGraceMs: 0 }).sweep(
    Date.now() + 1000,
  );
}

export type SlowAnswer = { status: number; text: string; json<T = unknown>(): T };

/**
 * A request over real HTTP whose body leaves in pieces with pauses between them, as from a slow line,
 * with its whole length declared. With `cutAfter`, the connection is cut once that many bytes have left,
 * and the promise resolves then with no answer.
 */
export function sendSlowly(
  base: string,
  target: { method: 'POST' | 'PUT'; url: string; token: string },
  body: { payload: Buffer; contentType: string },
  pace: {
    pieceBytes: number;
    pauseMs: number;
    cutAfter?: number;
    /**
     * A refusal sent while pieces are still leaving may reach the client as a closed connection (EPIPE,
     * ECONNRESET) before its answer is read: answered as status 0 instead of failing the call.
     */
    closedIsRefusal?: boolean;
    /** Awaited before the body's end is sent: the upload stays under way until it settles. */
    beforeEnd?: () => Promise<void>;
  },
): Promise<SlowAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(target.url, base), {
      method: target.method,
      headers: {
        authorization: `Bearer ${target.token}`,
        'content-type': body.contentType,
        'content-length': String(body.payload.length),
      },
    });
    let cut = false;
    let answered = false;
    // A refusal may close the connection while pieces are still leaving: the answer is what counts.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (cut || answered) return;
      if (pace.closedIsRefusal && (error.code === 'EPIPE' || error.code === 'ECONNRESET')) {
        return resolve({ status: 0, text: '', json: <T>() => JSON.parse('{}') as T });
      }
      reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: res.statusCode ?? 0, text, json: () => JSON.parse(text) });
      });
    });
    const end = Math.min(pace.cutAfter ?? body.payload.length, body.payload.length);
    const sendFrom = (offset: number) => {
      if (req.destroyed || answered) return;
      if (offset >= end) {
        if (pace.cutAfter === undefined) {
          if (!pace.beforeEnd) return req.end();
          return void pace.beforeEnd().then(() => req.end(), reject);
        }
        cut = true;
        req.destroy();
        return resolve(undefined);
      }
      const piece = body.payload.subarray(offset, Math.min(offset + pace.pieceBytes, end));
      req.write(piece, () => setTimeout(() => sendFrom(offset + piece.length), pace.pauseMs));
    };
    sendFrom(0);
  });
}
