import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, RefusedAddressError } from './webhook-address';

export type PostResult = { ok: boolean; status: number | null; error: string | null };

/** The most of an endpoint's answer read (and thrown away). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Posts one signed webhook: within `timeoutMs` for the whole exchange, no redirect followed (a 3xx is a
 * failure), to an address checked as it is connected to (webhook-address.ts). A 2xx answer is a success.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ ok: false, status: null, error: 'not a valid URL' });
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.allowPrivate && isPrivateAddress(host)) {
      resolve({ ok: false, status: null, error: `refused: ${host} is a private address` });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let settled = false;
    const done = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate) as never,
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const finish = () =>
          done({
            ok: status >= 200 && status < 300,
            status,
            error: status >= 200 && status < 300 ? null : `answered ${status}`,
          });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      done({ ok: false, status: null, error: `no answer within ${options.timeoutMs / 1000} s` });
    }, options.timeoutMs);
    req.on('error', (error) => {
      const message =
        error instanceof RefusedAddressError
          ? `refused: ${error.message}`
          : `${(error as NodeJS.ErrnoException).code ?? 'error'}: ${error.message}`;
      done({ ok: false, status: null, error: message.slice(0, 500) });
    });
    req.end(body);
  });
}
