import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (docs/decisions/037): the secret is `whsec_` and the base64 of 32 random
 * bytes; each request carries webhook-id, webhook-timestamp (seconds) and webhook-signature
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the secret's bytes>`.
 */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export function webhookHeaders(secret: string, id: string, timestamp: number, body: string) {
  return {
    'content-type': 'application/json',
    'user-agent': 'Skillwise-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}
