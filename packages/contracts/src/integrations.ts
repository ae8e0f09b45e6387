import { z } from 'zod';
import { expected, idSchema } from './common';
import { pageQuerySchema } from './paging';

/**
 * Webhooks and API keys (docs/decisions/037): a Growth school's endpoints told of its events, signed the
 * Standard Webhooks way, and the keys its own tools call the API with.
 */

/** The plan that has webhooks and API keys (the plan cards' Growth). */
export const INTEGRATIONS_PLAN = 'Growth';

export const WEBHOOK_EVENT_TYPES = [
  'sale.created',
  'sale.refunded',
  'enrolment.created',
  'lesson.completed',
  'course.completed',
  'certificate.issued',
  'student.added',
  'quiz.graded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event is called on the settings screen. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'sale.created': 'Sale',
  'sale.refunded': 'Refund',
  'enrolment.created': 'Enrolment',
  'lesson.completed': 'Lesson completed',
  'course.completed': 'Course completed',
  'certificate.issued': 'Certificate issued',
  'student.added': 'Student added',
  'quiz.graded': 'Quiz graded',
};

/** The event a "send test event" call sends. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * The waits before each retry of a delivery (Standard Webhooks' suggestion), in seconds: about three days
 * in all; after the last, the delivery has failed.
 */
export const WEBHOOK_RETRY_SECONDS = [
  5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 36_000, 36_000, 36_000,
] as const;
/** An endpoint is disabled once this many events in a row failed every attempt. */
export const WEBHOOK_DISABLE_AFTER_FAILED_EVENTS = 5;
/** ... or once it has failed without a success for this long. */
export const WEBHOOK_DISABLE_AFTER_DAYS = 3;
/** How long the worker waits for an endpoint's answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const API_KEY_NAME_MAX = 80;
/** How every API key starts: a bearer value like this is a key, not a session. */
export const API_KEY_PREFIX = 'sk_live_';

export const INTEGRATIONS_MSG = {
  needsPlan: `Webhooks and API keys are part of the ${INTEGRATIONS_PLAN} plan. Upgrade to ${INTEGRATIONS_PLAN} to use them.`,
  privateAddress:
    'This address is private or local (a loopback, private-network or link-local address): webhooks are only sent to public addresses.',
  unresolvable: 'This host name could not be found.',
  tooManyEndpoints: `A school may have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  notWithApiKey: 'An API key cannot do this: sign in to the school’s account.',
  revokedKey: 'This API key was revoked.',
} as const;

const eventsSchema = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES, expected(`one of ${WEBHOOK_EVENT_TYPES.join(', ')}`)),
    expected('a list of events'),
  )
  .min(1, 'must name at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

const webhookUrlSchema = z
  .string(expected('a URL'))
  .trim()
  .min(1, 'is required')
  .max(WEBHOOK_URL_MAX, `must be at most ${WEBHOOK_URL_MAX} characters`)
  // A scheme, then a host with no user name or password in front of it (the server checks the host).
  .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, 'must be an http:// or https:// URL');

const descriptionSchema = z.string(expected('text')).trim().max(200, 'must be at most 200 characters');

export const createWebhookEndpointSchema = z.object({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional(),
});

export const updateWebhookEndpointSchema = z.object({
  id: idSchema,
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  description: descriptionSchema.optional(),
  /** true turns a disabled endpoint on again (its failures forgotten); false turns it off. */
  enabled: z.boolean(expected('true or false')).optional(),
});

export const webhookEndpointIdSchema = z.object({ id: idSchema });

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  disabled_at: z.string().nullable(),
  consecutive_failures: z.number(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** An endpoint with its signing secret: the answer of a create and of a roll, the only times it is shown. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliveriesQuerySchema = pageQuerySchema.extend({ endpoint_id: idSchema });

export const webhookDeliverySchema = z.object({
  id: z.number(),
  event_id: z.string(),
  type: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  last_status: z.number().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.unknown(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const redeliverWebhookSchema = z.object({ delivery_id: idSchema });

export const createApiKeySchema = z.object({
  name: z
    .string(expected('a name'))
    .trim()
    .min(1, 'is required')
    .max(API_KEY_NAME_MAX, `must be at most ${API_KEY_NAME_MAX} characters`),
});
export const apiKeyIdSchema = z.object({ id: idSchema });

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
/** A new key with the key itself: shown once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
