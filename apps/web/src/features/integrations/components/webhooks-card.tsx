import {
  PAGE_SIZES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, RowButton, SubmitButton } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { RemoveDialog } from '@/components/ui/confirm-dialog';
import { DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { FieldError, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/lib/format';
import type { MessageId, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useListState } from '@/lib/paging';
import { notify } from '@/lib/toast';
import { useForm } from '@/lib/use-form';
import {
  useCreateEndpoint,
  useDeleteEndpoint,
  useRedeliver,
  useRollSecret,
  useSendTest,
  useUpdateEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/integrations';
import { SecretShownOnce } from './secret-shown-once';

const DELIVERY_CHIPS: Record<WebhookDelivery['state'], { tone: ChipTone; label: MessageId }> = {
  delivered: { tone: 'green', label: 'admin.integrations.webhooks.delivered' },
  pending: { tone: 'amber', label: 'admin.integrations.webhooks.retrying' },
  failed: { tone: 'red', label: 'admin.integrations.webhooks.failed' },
};

const isEventType = (event: string): event is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(event);

/** What each event is called on the settings screen, in the reader's language. */
const eventLabel = (t: typeof translate, event: WebhookEventType) => t(`admin.integrations.event.${event}`);

const eventsText = (t: typeof translate, events: string[]) =>
  events
    .map((e) => (isEventType(e) ? eventLabel(t, e) : e))
    .join(t('admin.integrations.webhooks.listSeparator'));

const DeliveryItem = ({ delivery, onRedeliver }: { delivery: WebhookDelivery; onRedeliver: () => void }) => {
  const t = useT();
  const chip = DELIVERY_CHIPS[delivery.state];
  const answer = delivery.last_status
    ? `HTTP ${delivery.last_status}`
    : (delivery.last_error ?? t('admin.integrations.webhooks.notTried'));
  const line = {
    date: formatDateTime(delivery.created_at),
    count: delivery.attempts,
    attempts: formatCount(delivery.attempts),
    answer,
  };
  return (
    <div className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-medium text-slate-900">{delivery.type}</span>
          <Chip tone={chip.tone}>{t(chip.label)}</Chip>
        </div>
        <p className="mt-1 break-words text-slate-600">
          {delivery.next_attempt_at
            ? t('admin.integrations.webhooks.deliveryNext', {
                ...line,
                next: formatDateTime(delivery.next_attempt_at),
              })
            : t('admin.integrations.webhooks.delivery', line)}
        </p>
        <p className="font-mono text-xs break-all text-slate-500">{delivery.event_id}</p>
      </div>
      <RowButton
        onClick={onRedeliver}
        label={t('admin.integrations.webhooks.redeliverLabel', { id: delivery.event_id })}
      >
        {t('admin.integrations.webhooks.redeliver')}
      </RowButton>
    </div>
  );
};

/** An endpoint's delivery log, newest first, paged, each with Redeliver. */
const DeliveryLog = ({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) => {
  const t = useT();
  const list = useListState();
  const size = PAGE_SIZES.webhookDeliveries;
  const deliveries = useWebhookDeliveries(endpoint.id, { page: list.page, pageSize: size });
  const pager = useListPager(list, deliveries, {
    label: t('admin.integrations.webhooks.deliveriesPages'),
    pageSize: size,
    noun: 'admin.integrations.webhooks.rowCount',
  });
  const redeliver = useRedeliver();
  const again = async (delivery: WebhookDelivery) => {
    try {
      const sent = await redeliver.mutateAsync(delivery.id);
      notify.success(
        sent.state === 'delivered'
          ? t('admin.integrations.webhooks.deliveredAgain')
          : t('admin.integrations.webhooks.sentAgainFailed'),
      );
    } catch (error) {
      notify.error(errorMessage(error, t('admin.integrations.webhooks.redeliverFailed')));
    }
  };
  return (
    <Modal open onClose={onClose} title={t('admin.integrations.webhooks.deliveries')} className="max-w-3xl">
      <p className="mb-4 font-mono text-sm break-all text-slate-600">{endpoint.url}</p>
      <div className="-mx-5 border-y border-slate-100 sm:-mx-6">
        <DataList
          variant="inset"
          label={t('admin.integrations.webhooks.deliveries')}
          query={deliveries}
          rowKey={(d) => d.id}
          item={(d) => <DeliveryItem delivery={d} onRedeliver={() => void again(d)} />}
          itemProps={(d) => ({ 'data-delivery': d.type, 'data-state': d.state })}
          loadingLabel={t('admin.integrations.webhooks.deliveriesLoading')}
          errorText={t('admin.integrations.webhooks.deliveriesLoadFailed')}
          empty={
            <div className="p-6">
              <EmptyState
                title={t('admin.integrations.webhooks.noDeliveries')}
                hint={t('admin.integrations.webhooks.noDeliveriesHint')}
              />
            </div>
          }
          pager={pager}
        />
      </div>
    </Modal>
  );
};

/** The events chosen, as checkboxes. */
const EventChoice = ({
  chosen,
  onChange,
  error,
}: {
  chosen: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  error: string | undefined;
}) => {
  const t = useT();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        {t('admin.integrations.webhooks.events')}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={eventLabel(t, type)}
            hint={type}
            checked={chosen.includes(type)}
            onChange={(on) => onChange(on ? [...chosen, type] : chosen.filter((other) => other !== type))}
          />
        ))}
      </div>
      {error ? <FieldError>{error}</FieldError> : null}
    </fieldset>
  );
};

const EndpointDialog = ({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) => {
  const t = useT();
  const create = useCreateEndpoint();
  const form = useForm({
    initial: { url: '', events: [...WEBHOOK_EVENT_TYPES] as WebhookEventType[] },
    validate: (v) => ({
      fields: {
        url: /^https?:\/\/\S+$/i.test(v.url.trim()) ? undefined : t('admin.integrations.webhooks.urlInvalid'),
        events: v.events.length > 0 ? undefined : t('admin.integrations.webhooks.eventsRequired'),
      },
    }),
    serverFields: { url: 'url', events: 'events' },
  });
  const onSubmit = form.handleSubmit(async (v) => {
    const made = await create.mutateAsync({ url: v.url.trim(), events: v.events });
    notify.success(t('admin.integrations.webhooks.added'));
    onCreated(made.secret);
  });
  const failure = form.failureMessage(t('admin.integrations.webhooks.addFailed'));
  return (
    <Modal
      open
      onClose={() => !form.isSubmitting && onClose()}
      title={t('admin.integrations.webhooks.add')}
      className="max-w-2xl"
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label={t('admin.integrations.webhooks.url')}
          name="url"
          type="url"
          placeholder={t('admin.integrations.webhooks.urlPlaceholder')}
          hint={t('admin.integrations.webhooks.urlHint')}
          {...form.field('url')}
        />
        <EventChoice
          chosen={form.values.events}
          onChange={(events) => form.setValue('events', events)}
          error={form.error('events')}
        />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('admin.integrations.webhooks.cancel')}
          </Button>
          <SubmitButton form={form} loadingText={t('admin.integrations.webhooks.adding')}>
            {t('admin.integrations.webhooks.add')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
};

type EndpointItemProps = {
  endpoint: WebhookEndpoint;
  onTest: () => void;
  onLog: () => void;
  onRoll: () => void;
  onToggle: () => void;
  onDelete: () => void;
  busy: boolean;
};

const EndpointItem = ({ endpoint, onTest, onLog, onRoll, onToggle, onDelete, busy }: EndpointItemProps) => {
  const t = useT();
  const url = { url: endpoint.url };
  return (
    <div className="flex flex-col gap-3 px-5 py-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</p>
          {endpoint.enabled ? (
            <Chip tone="green">{t('admin.integrations.webhooks.enabled')}</Chip>
          ) : (
            <Chip tone="red">{t('admin.integrations.webhooks.disabled')}</Chip>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-600">{eventsText(t, endpoint.events)}</p>
        {endpoint.disabled_reason ? (
          <p className="mt-1 text-sm text-rose-700">{endpoint.disabled_reason}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <RowButton
          variant="primary"
          onClick={onTest}
          isLoading={busy}
          loadingText={t('admin.integrations.webhooks.sending')}
          label={t('admin.integrations.webhooks.testLabel', url)}
        >
          {t('admin.integrations.webhooks.test')}
        </RowButton>
        <RowButton onClick={onLog} label={t('admin.integrations.webhooks.deliveriesLabel', url)}>
          {t('admin.integrations.webhooks.deliveries')}
        </RowButton>
        <RowButton onClick={onRoll} label={t('admin.integrations.webhooks.rollLabel', url)}>
          {t('admin.integrations.webhooks.roll')}
        </RowButton>
        <RowButton
          onClick={onToggle}
          label={
            endpoint.enabled
              ? t('admin.integrations.webhooks.disableLabel', url)
              : t('admin.integrations.webhooks.enableLabel', url)
          }
        >
          {endpoint.enabled
            ? t('admin.integrations.webhooks.disable')
            : t('admin.integrations.webhooks.enable')}
        </RowButton>
        <RowButton onClick={onDelete} label={t('admin.integrations.webhooks.deleteLabel', url)}>
          {t('admin.integrations.webhooks.delete')}
        </RowButton>
      </div>
    </div>
  );
};

/**
 * Settings: the school's webhook endpoints (docs/decisions/037): the events each gets, the signing
 * secret shown once (on add and on a roll), a test event, the delivery log with Redeliver, and turning
 * an endpoint off and on.
 */
export const WebhooksCard = () => {
  const t = useT();
  const endpoints = useWebhookEndpoints();
  const test = useSendTest();
  const roll = useRollSecret();
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [testing, setTesting] = useState<number | null>(null);

  const run = async <T,>(work: () => Promise<T>, fallback: string) => {
    try {
      return await work();
    } catch (error) {
      notify.error(errorMessage(error, fallback));
      return undefined;
    }
  };
  const sendTest = async (endpoint: WebhookEndpoint) => {
    setTesting(endpoint.id);
    const sent = await run(() => test.mutateAsync(endpoint.id), t('admin.integrations.webhooks.testFailed'));
    setTesting(null);
    if (!sent) return;
    if (sent.state === 'delivered')
      notify.success(t('admin.integrations.webhooks.testDelivered', { status: sent.last_status ?? '' }));
    else
      notify.error(
        t('admin.integrations.webhooks.testFailedRetry', {
          error: sent.last_error ?? t('admin.integrations.webhooks.noAnswer'),
        }),
      );
  };
  const rollSecret = async (endpoint: WebhookEndpoint) => {
    const rolled = await run(
      () => roll.mutateAsync(endpoint.id),
      t('admin.integrations.webhooks.rollFailed'),
    );
    if (rolled) setSecret(rolled.secret);
  };
  const toggle = async (endpoint: WebhookEndpoint) => {
    const saved = await run(
      () => update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled }),
      t('admin.integrations.webhooks.saveFailed'),
    );
    if (saved)
      notify.success(
        saved.enabled
          ? t('admin.integrations.webhooks.enabledToast')
          : t('admin.integrations.webhooks.disabledToast'),
      );
  };

  return (
    <TitledCard
      title={t('admin.integrations.webhooks.title')}
      description={t('admin.integrations.webhooks.description')}
      actions={
        endpoints.isError ? null : (
          <Button onClick={() => setAdding(true)}>{t('admin.integrations.webhooks.add')}</Button>
        )
      }
    >
      {secret ? (
        <SecretShownOnce
          label={t('admin.integrations.webhooks.secret')}
          value={secret}
          onDone={() => setSecret(null)}
        />
      ) : null}
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <DataList
          variant="inset"
          label={t('admin.integrations.webhooks.endpoints')}
          query={endpoints}
          rowKey={(e) => e.id}
          item={(e) => (
            <EndpointItem
              endpoint={e}
              busy={testing === e.id}
              onTest={() => void sendTest(e)}
              onLog={() => setLog(e)}
              onRoll={() => void rollSecret(e)}
              onToggle={() => void toggle(e)}
              onDelete={() => setDeleting(e)}
            />
          )}
          itemProps={(e) => ({ 'data-endpoint': e.url })}
          loadingLabel={t('admin.integrations.webhooks.loading')}
          errorText={t('admin.integrations.webhooks.loadFailed')}
          empty={
            <div className="p-6">
              <EmptyState
                title={t('admin.integrations.webhooks.none')}
                hint={t('admin.integrations.webhooks.noneHint')}
              />
            </div>
          }
        />
      </div>
      {adding ? (
        <EndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(made) => {
            setAdding(false);
            setSecret(made);
          }}
        />
      ) : null}
      {log ? <DeliveryLog endpoint={log} onClose={() => setLog(null)} /> : null}
      <RemoveDialog
        item={deleting}
        title={t('admin.integrations.webhooks.deleteTitle')}
        message={({ url }) => t('admin.integrations.webhooks.deleteMessage', { url })}
        confirmLabel={t('admin.integrations.webhooks.delete')}
        busyLabel={t('admin.integrations.webhooks.deleting')}
        onClose={() => setDeleting(null)}
        remove={(endpoint) => remove.mutateAsync(endpoint.id)}
        done={() => t('admin.integrations.webhooks.deleted')}
        failed={t('admin.integrations.webhooks.deleteFailed')}
      />
    </TitledCard>
  );
};
