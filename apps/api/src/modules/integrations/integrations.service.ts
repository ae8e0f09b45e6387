import { randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type CreatedApiKey,
  INTEGRATIONS_MSG,
  type Paged,
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_DISABLE_AFTER_FAILED_EVENTS,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@skillwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newEventId } from '../../db/queries/integrations';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { type ListQuery, mapPage } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { integrationsOrgOf } from '../access/access';
import type { NotificationService } from '../notifications/notifications.service';
import { requireIntegrationsPlan } from '../organisations/plan-limits';
import {
  type ApiKeyRow,
  type ClaimedDelivery,
  claimDeliveries,
  countEndpoints,
  type DeliveryRow,
  deleteEndpoint,
  type EndpointRow,
  findDeliveryOfOrg,
  findEndpoint,
  insertApiKey,
  insertDelivery,
  insertEndpoint,
  listApiKeys,
  listDeliveries,
  listEndpoints,
  revokeApiKey,
  updateEndpoint,
} from './integrations.repository';
import { checkWebhookHost, RefusedAddressError } from './webhook-address';
import { postWebhook } from './webhook-delivery';
import { newWebhookSecret, webhookHeaders } from './webhook-signing';

export type IntegrationDeps = {
  db: Db;
  notifications: NotificationService;
  /** WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: the operator lets webhooks go to private and local addresses. */
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
};

/** How long a claimed delivery is held by the instance posting it. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** Deliveries one round of the worker posts at most. */
const ROUND_BATCH = 20;
const DAY_MS = 86_400_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const toEndpoint = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabled_reason: row.disabledReason,
  disabled_at: iso(row.disabledAt),
  consecutive_failures: row.consecutiveFailures,
  created_at: row.createdAt.toISOString(),
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_id: row.eventId,
  type: row.type,
  state: row.state,
  attempts: row.attempts,
  last_status: row.lastStatus,
  last_error: row.lastError,
  last_attempt_at: iso(row.lastAttemptAt),
  next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
  delivered_at: iso(row.deliveredAt),
  created_at: row.createdAt.toISOString(),
  payload: row.payload,
});

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: row.createdAt.toISOString(),
  last_used_at: iso(row.lastUsedAt),
  revoked_at: iso(row.revokedAt),
});

/**
 * Webhooks and API keys of a Growth school (docs/decisions/037): its endpoints, their deliveries (the
 * outbox the events write, posted by `deliverDue` on every instance) and its keys.
 */
export class IntegrationService {
  constructor(private readonly deps: IntegrationDeps) {}

  /** The caller's school, when it is its publisher (others: 404) and the school is on Growth (403). */
  private async schoolOf(actor: Actor): Promise<number> {
    const orgId = integrationsOrgOf(actor);
    await requireIntegrationsPlan(this.deps.db, orgId);
    return orgId;
  }

  private async checkUrl(url: string) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw fieldError('url', 'must be an http:// or https:// URL');
    }
    try {
      await checkWebhookHost(parsed, this.deps.allowPrivateAddresses);
    } catch (error) {
      if (error instanceof RefusedAddressError) {
        throw fieldError(
          'url',
          error.reason === 'private' ? INTEGRATIONS_MSG.privateAddress : INTEGRATIONS_MSG.unresolvable,
        );
      }
      throw error;
    }
  }

  private async endpointOf(orgId: number, id: number) {
    const row = await findEndpoint(this.deps.db, orgId, id);
    if (!row) throw notFound('Webhook endpoint');
    return row;
  }

  async listEndpoints(actor: Actor): Promise<WebhookEndpoint[]> {
    const orgId = await this.schoolOf(actor);
    return (await listEndpoints(this.deps.db, orgId)).map(toEndpoint);
  }

  async createEndpoint(
    actor: Actor,
    input: { url: string; events: WebhookEventType[]; description?: string | undefined },
  ): Promise<WebhookEndpointWithSecret> {
    const orgId = await this.schoolOf(actor);
    if ((await countEndpoints(this.deps.db, orgId)) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError('CONFLICT', INTEGRATIONS_MSG.tooManyEndpoints);
    }
    await this.checkUrl(input.url);
    const secret = newWebhookSecret();
    const row = await insertEndpoint(this.deps.db, {
      orgId,
      url: input.url,
      events: input.events,
      description: input.description ?? '',
      secret,
    });
    return { ...toEndpoint(row), secret };
  }

  async updateEndpoint(
    actor: Actor,
    input: {
      id: number;
      url?: string | undefined;
      events?: WebhookEventType[] | undefined;
      description?: string | undefined;
      enabled?: boolean | undefined;
    },
  ): Promise<WebhookEndpoint> {
    const orgId = await this.schoolOf(actor);
    await this.endpointOf(orgId, input.id);
    if (input.url !== undefined) await this.checkUrl(input.url);
    const enable =
      input.enabled === undefined
        ? {}
        : input.enabled
          ? {
              enabled: true,
              disabledReason: null,
              disabledAt: null,
              consecutiveFailures: 0,
              failingSince: null,
            }
          : { enabled: false, disabledReason: 'Turned off by the school.', disabledAt: new Date() };
    const row = await updateEndpoint(this.deps.db, orgId, input.id, {
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.events === undefined ? {} : { events: input.events }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...enable,
    });
    if (!row) throw notFound('Webhook endpoint');
    return toEndpoint(row);
  }

  async deleteEndpoint(actor: Actor, id: number): Promise<{ deleted: true }> {
    const orgId = await this.schoolOf(actor);
    if (!(await deleteEndpoint(this.deps.db, orgId, id))) throw notFound('Webhook endpoint');
    return { deleted: true };
  }

  /** A new signing secret, effective at once; shown this once. */
  async rollSecret(actor: Actor, id: number): Promise<WebhookEndpointWithSecret> {
    const orgId = await this.schoolOf(actor);
    await this.endpointOf(orgId, id);
    const secret = newWebhookSecret();
    const row = await updateEndpoint(this.deps.db, orgId, id, { secret });
    if (!row) throw notFound('Webhook endpoint');
    return { ...toEndpoint(row), secret };
  }

  /** Sends a `webhook.test` event to the endpoint now; answers its delivery as the attempt left it. */
  async sendTest(actor: Actor, id: number): Promise<WebhookDelivery> {
    const orgId = await this.schoolOf(actor);
    const endpoint = await this.endpointOf(orgId, id);
    const payload = {
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { endpoint_id: endpoint.id, message: 'This is a test event.' },
    };
    const delivery = await insertDelivery(this.deps.db, {
      endpointId: endpoint.id,
      eventId: newEventId(),
      type: WEBHOOK_TEST_EVENT,
      payload,
    });
    return this.attemptNow(delivery.id);
  }

  async listDeliveries(actor: Actor, endpointId: number, list: ListQuery): Promise<Paged<WebhookDelivery>> {
    const orgId = await this.schoolOf(actor);
    await this.endpointOf(orgId, endpointId);
    return mapPage(await listDeliveries(this.deps.db, endpointId, list), toDelivery);
  }

  /**
   * Sends an event again, now: a new delivery of the same event (the same webhook-id, so a receiver that
   * got it already can tell), whatever became of the first.
   */
  async redeliver(actor: Actor, deliveryId: number): Promise<WebhookDelivery> {
    const orgId = await this.schoolOf(actor);
    const found = await findDeliveryOfOrg(this.deps.db, orgId, deliveryId);
    if (!found) throw notFound('Delivery');
    const copy = await insertDelivery(this.deps.db, {
      endpointId: found.endpoint.id,
      eventId: found.delivery.eventId,
      type: found.delivery.type,
      payload: found.delivery.payload,
    });
    return this.attemptNow(copy.id);
  }

  private async attemptNow(deliveryId: number): Promise<WebhookDelivery> {
    const now = new Date();
    const [claimed] = await claimDeliveries(this.deps.db, now, CLAIM_LEASE_MS, 1, deliveryId);
    if (claimed) await this.attempt(claimed, now);
    const [row] = await this.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!row) throw notFound('Delivery');
    return toDelivery(row);
  }

  /**
   * One round of the worker (every instance, every few seconds): posts the deliveries due at `now`,
   * each claimed by one instance. Tests pass a later `now` to move the clock.
   */
  async deliverDue(now: Date = new Date(), signal?: AbortSignal): Promise<number> {
    let sent = 0;
    for (;;) {
      if (signal?.aborted) return sent;
      const batch = await claimDeliveries(this.deps.db, now, CLAIM_LEASE_MS, ROUND_BATCH);
      await Promise.all(batch.map((d) => this.attempt(d, now)));
      sent += batch.length;
      if (batch.length < ROUND_BATCH) return sent;
    }
  }

  private async attempt(d: ClaimedDelivery, now: Date) {
    const body = JSON.stringify(d.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const result = await postWebhook(d.url, webhookHeaders(d.secret, d.eventId, timestamp, body), body, {
      allowPrivate: this.deps.allowPrivateAddresses,
      timeoutMs: this.deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    });
    const attempts = d.attempts + 1;
    const at = new Date(Math.max(now.getTime(), Date.now()));
    await this.deps.db.transaction(async (tx) => {
      if (result.ok) {
        await tx
          .update(webhookDeliveries)
          .set({
            state: 'delivered',
            attempts,
            lastStatus: result.status,
            lastError: null,
            lastAttemptAt: at,
            deliveredAt: at,
          })
          .where(eq(webhookDeliveries.id, d.id));
        await tx
          .update(webhookEndpoints)
          .set({ consecutiveFailures: 0, failingSince: null })
          .where(eq(webhookEndpoints.id, d.endpointId));
        return;
      }
      const wait = WEBHOOK_RETRY_SECONDS[attempts - 1];
      const exhausted = wait === undefined;
      await tx
        .update(webhookDeliveries)
        .set({
          state: exhausted ? 'failed' : 'pending',
          attempts,
          lastStatus: result.status,
          lastError: result.error,
          lastAttemptAt: at,
          nextAttemptAt: new Date(at.getTime() + (wait ?? 0) * 1000),
        })
        .where(eq(webhookDeliveries.id, d.id));
      const [endpoint] = await tx
        .update(webhookEndpoints)
        .set({
          consecutiveFailures: exhausted
            ? sql`${webhookEndpoints.consecutiveFailures} + 1`
            : webhookEndpoints.consecutiveFailures,
          failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)`,
        })
        .where(eq(webhookEndpoints.id, d.endpointId))
        .returning();
      if (!endpoint?.enabled || !endpoint.failingSince) return;
      const failingFor = at.getTime() - endpoint.failingSince.getTime();
      const tooMany = endpoint.consecutiveFailures >= WEBHOOK_DISABLE_AFTER_FAILED_EVENTS;
      if (!tooMany && failingFor < WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) return;
      const reason = tooMany
        ? `Every attempt to deliver ${endpoint.consecutiveFailures} events in a row failed (last: ${result.error ?? 'no answer'}).`
        : `Deliveries have failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days (last: ${result.error ?? 'no answer'}).`;
      const [disabled] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason, disabledAt: at })
        .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
        .returning();
      if (disabled) {
        await this.deps.notifications.webhookDisabled(
          { orgId: disabled.orgId, endpointId: disabled.id, url: disabled.url, reason },
          tx,
        );
      }
    });
  }

  async listApiKeys(actor: Actor): Promise<ApiKey[]> {
    const orgId = await this.schoolOf(actor);
    return (await listApiKeys(this.deps.db, orgId)).map(toApiKey);
  }

  /** A new key: `sk_live_` and 32 random bytes, shown this once; only its SHA-256 is kept. */
  async createApiKey(actor: Actor, input: { name: string }): Promise<CreatedApiKey> {
    const orgId = await this.schoolOf(actor);
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await insertApiKey(this.deps.db, {
      orgId,
      name: input.name,
      keyHash: sha256(key),
      prefix: key.slice(0, API_KEY_PREFIX.length + 4),
      createdBy: actor.userId,
    });
    return { ...toApiKey(row), key };
  }

  async revokeApiKey(actor: Actor, id: number): Promise<ApiKey> {
    const orgId = await this.schoolOf(actor);
    const row = await revokeApiKey(this.deps.db, orgId, id);
    if (!row) throw notFound('API key');
    return toApiKey(row);
  }
}
