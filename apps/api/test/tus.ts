import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A tus 1.0 client for tests, over real HTTP (a PATCH can be cut off half-way, as a network would). */
export type TusAnswer = { status: number; headers: Headers; text: string; json<T = unknown>(): T };

export const tusMetadata = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([name, value]) => `${name} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

export class TusClient {
  constructor(
    private readonly base: string,
    private readonly token: string | undefined,
  ) {}

  /** The app's address once it listens on a free loopback port. */
  static async listen(app: FastifyInstance): Promise<string> {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  private headers(extra: Record<string, string>) {
    return {
      'tus-resumable': '1.0.0',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      ...extra,
    };
  }

  private async send(method: string, url: string, headers: Record<string, string>, body?: Buffer) {
    const res = await fetch(new URL(url, this.base), {
      method,
      headers: this.headers(headers),
      ...(body ? { body } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  }

  /** POST: answers the upload's URL (its path) in `location`. `headers` adds to the protocol's own. */
  async create(
    length: number,
    metadata: Record<string, string | number>,
    headers: Record<string, string> = {},
  ) {
    const answer = await this.send('POST', '/api/uploads/tus', {
      'upload-length': String(length),
      'upload-metadata': tusMetadata(metadata),
      ...headers,
    });
    return { ...answer, location: answer.headers.get('location') ?? '' };
  }

  async offset(location: string) {
    const answer = await this.send('HEAD', location, {});
    return { ...answer, offset: Number(answer.headers.get('upload-offset') ?? Number.NaN) };
  }

  patch(location: string, offset: number, chunk: Buffer): Promise<TusAnswer> {
    return this.send(
      'PATCH',
      location,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      chunk,
    );
  }

  delete(location: string) {
    return this.send('DELETE', location, {});
  }

  /**
   * A PATCH announcing `chunk` whole, of which only `sent` bytes leave before the connection is cut.
   * Resolves once those bytes are handed to the network and the socket is destroyed.
   */
  cutPatch(location: string, offset: number, chunk: Buffer, sent: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const req = request(new URL(location, this.base), {
        method: 'PATCH',
        headers: this.headers({
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(chunk.length),
        }),
      });
      req.on('error', () => undefined);
      req.on('response', () => reject(new Error('the cut PATCH was answered')));
      req.write(chunk.subarray(0, sent), (error) => {
        if (error) return reject(error);
        req.destroy();
        resolve();
      });
    });
  }
}
