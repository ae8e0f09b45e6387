import {
  PAGE_SIZES,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataList, useListPager } from '@/components/ui/data-list';
import { EmptyState } from '@/components/ui/empty-state';
import { FieldError, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { TitledCard } from '@/components/ui/titled-card';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
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

const DELIVERY_CHIPS: Record<WebhookDelivery['state'], { tone: ChipTone; label: string }> = {
  delivered: { tone: 'green', label: 'Delivered' },
  pending: { tone: 'amber', label: 'Retrying' },
  failed: { tone: 'red', label: 'Failed' },
};

const eventsText = (events: string[]) =>
  events.map((e) => WEBHOOK_EVENT_LABELS[e as WebhookEventType] ?? e).join(', ');

const DeliveryItem = ({ delivery, onRedeliver }: { delivery: WebhookDelivery; onRedeliver: () => void }) => {
  const chip = DELIVERY_CHIPS[delivery.state];
  const answer = delivery.last_status
    ? `HTTP ${delivery.last_status}`
    : (delivery.last_error ?? 'not tried yet');
  return (
    <div className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-medium text-slate-900">{delivery.type}</span>
          <Chip tone={chip.tone}>{chip.label}</Chip>
        </div>
        <p className="mt-1 break-words text-slate-600">
          {formatDateTime(delivery.created_at)} · {delivery.attempts} attempt
          {delivery.attempts === 1 ? '' : 's'} · {answer}
          {delivery.next_attempt_at ? ` · next ${formatDateTime(delivery.next_attempt_at)}` : ''}
        </p>
        <p className="font-mono text-xs break-all text-slate-500">{delivery.event_id}</p>
      </div>
      <Button size="sm" variant="outline" onClick={onRedeliver} aria-label={`Redeliver ${delivery.event_id}`}>
        Redeliver
      </Button>
    </div>
  );
};

/** An endpoint's delivery log, newest first, paged, each with Redeliver. */
const DeliveryLog = ({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) => {
  const list = useListState();
  const size = PAGE_SIZES.webhookDeliveries;
  const deliveries = useWebhookDeliveries(endpoint.id, { page: list.page, pageSize: size });
  const pager = useListPager(list, deliveries, {
    label: 'Deliveries pages',
    pageSize: size,
    noun: ['delivery', 'deliveries'],
  });
  const redeliver = useRedeliver();
  const again = async (delivery: WebhookDelivery) => {
    try {
      const sent = await redeliver.mutateAsync(delivery.id);
      notify.success(
        sent.state === 'delivered' ? 'Delivered again.' : 'Sent again; it failed and will be retried.',
      );
    } catch (error) {
      notify.error(errorMessage(error, 'It could not be sent again. Please try again.'));
    }
  };
  return (
    <Modal open onClose={onClose} title="Deliveries" className="max-w-3xl">
      <p className="mb-4 font-mono text-sm break-all text-slate-600">{endpoint.url}</p>
      <div className="-mx-5 border-y border-slate-100 sm:-mx-6">
        <DataList
          variant="inset"
          label="Deliveries"
          query={deliveries}
          rowKey={(d) => d.id}
          item={(d) => <DeliveryItem delivery={d} onRedeliver={() => void again(d)} />}
          itemProps={(d) => ({ 'data-delivery': d.type, 'data-state': d.state })}
          loadingLabel="Loading deliveries..."
          errorText="Could not load the deliveries."
          empty={
            <div className="p-6">
              <EmptyState title="No deliveries yet" hint="Send a test event, or wait for the next event." />
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
}) => (
  <fieldset className="flex flex-col gap-2">
    <legend className="mb-2 text-sm font-medium text-slate-800">Events</legend>
    <div className="grid gap-2 sm:grid-cols-2">
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <CheckboxField
          key={type}
          label={WEBHOOK_EVENT_LABELS[type]}
          hint={type}
          checked={chosen.includes(type)}
          onChange={(on) => onChange(on ? [...chosen, type] : chosen.filter((t) => t !== type))}
        />
      ))}
    </div>
    {error ? <FieldError>{error}</FieldError> : null}
  </fieldset>
);

const EndpointDialog = ({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) => {
  const create = useCreateEndpoint();
  const form = useForm({
    initial: { url: '', events: [...WEBHOOK_EVENT_TYPES] as WebhookEventType[] },
    validate: (v) => ({
      fields: {
        url: /^https?:\/\/\S+$/i.test(v.url.trim()) ? undefined : 'Enter an http:// or https:// URL.',
        events: v.events.length > 0 ? undefined : 'Choose at least one event.',
      },
    }),
    serverFields: { url: 'url', events: 'events' },
  });
  const onSubmit = form.handleSubmit(async (v) => {
    const made = await create.mutateAsync({ url: v.url.trim(), events: v.events });
    notify.success('The endpoint is added.');
    onCreated(made.secret);
  });
  const failure = form.failureMessage('The endpoint could not be added. Please try again.');
  return (
    <Modal open onClose={() => !form.isSubmitting && onClose()} title="Add endpoint" className="max-w-2xl">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <TextField
          label="Endpoint URL"
          name="url"
          type="url"
          placeholder="https://example.com/webhooks"
          hint="Events are posted here, signed with the endpoint's secret."
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
            Cancel
          </Button>
          <Button type="submit" isLoading={form.isSubmitting} loadingText="Adding...">
            Add endpoint
          </Button>
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

const EndpointItem = ({ endpoint, onTest, onLog, onRoll, onToggle, onDelete, busy }: EndpointItemProps) => (
  <div className="flex flex-col gap-3 px-5 py-4">
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-mono text-sm font-semibold break-all text-slate-900">{endpoint.url}</p>
        {endpoint.enabled ? <Chip tone="green">Enabled</Chip> : <Chip tone="red">Disabled</Chip>}
      </div>
      <p className="mt-1 text-sm text-slate-600">{eventsText(endpoint.events)}</p>
      {endpoint.disabled_reason ? (
        <p className="mt-1 text-sm text-rose-700">{endpoint.disabled_reason}</p>
      ) : null}
    </div>
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        onClick={onTest}
        isLoading={busy}
        loadingText="Sending..."
        aria-label={`Send test event to ${endpoint.url}`}
      >
        Send test event
      </Button>
      <Button size="sm" variant="outline" onClick={onLog} aria-label={`Deliveries of ${endpoint.url}`}>
        Deliveries
      </Button>
      <Button size="sm" variant="outline" onClick={onRoll} aria-label={`Roll secret of ${endpoint.url}`}>
        Roll secret
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={onToggle}
        aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
      >
        {endpoint.enabled ? 'Disable' : 'Enable'}
      </Button>
      <Button size="sm" variant="outline" onClick={onDelete} aria-label={`Delete ${endpoint.url}`}>
        Delete
      </Button>
    </div>
  </div>
);

/**
 * Settings: the school's webhook endpoints (docs/decisions/037): the events each gets, the signing
 * secret shown once (on add and on a roll), a test event, the delivery log with Redeliver, and turning
 * an endpoint off and on.
 */
export const WebhooksCard = () => {
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
    const sent = await run(() => test.mutateAsync(endpoint.id), 'The test event could not be sent.');
    setTesting(null);
    if (!sent) return;
    if (sent.state === 'delivered') notify.success(`Test event delivered (HTTP ${sent.last_status}).`);
    else notify.error(`The test event failed (${sent.last_error ?? 'no answer'}); it will be retried.`);
  };
  const rollSecret = async (endpoint: WebhookEndpoint) => {
    const rolled = await run(() => roll.mutateAsync(endpoint.id), 'The secret could not be changed.');
    if (rolled) setSecret(rolled.secret);
  };
  const toggle = async (endpoint: WebhookEndpoint) => {
    const saved = await run(
      () => update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled }),
      'The endpoint could not be saved.',
    );
    if (saved) notify.success(saved.enabled ? 'The endpoint is enabled.' : 'The endpoint is disabled.');
  };

  return (
    <TitledCard
      title="Webhooks"
      description="Your systems told of sales, enrolments, completions and more, as they happen. Growth plan."
      actions={endpoints.isError ? null : <Button onClick={() => setAdding(true)}>Add endpoint</Button>}
    >
      {secret ? (
        <SecretShownOnce label="Signing secret" value={secret} onDone={() => setSecret(null)} />
      ) : null}
      <div className="-mx-5 -mb-5 border-t border-slate-100 sm:-mx-6 sm:-mb-6">
        <DataList
          variant="inset"
          label="Webhook endpoints"
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
          loadingLabel="Loading webhooks..."
          errorText="Could not load your webhooks."
          empty={
            <div className="p-6">
              <EmptyState title="No endpoints yet" hint="Add a URL to be told of your school's events." />
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
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        message={`${deleting?.url ?? ''} gets no more events, and its delivery log is deleted.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notify.success('The endpoint is deleted.');
        }}
      />
    </TitledCard>
  );
};
