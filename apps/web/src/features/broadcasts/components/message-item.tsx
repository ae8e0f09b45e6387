import type { Broadcast, BroadcastState } from '@skillwise/contracts';
import { Button } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { formatCount, formatDateTime } from '@/lib/format';

const STATES: Record<BroadcastState, { label: string; tone: ChipTone }> = {
  draft: { label: 'Draft', tone: 'muted' },
  scheduled: { label: 'Scheduled', tone: 'amber' },
  sending: { label: 'Sending', tone: 'brand' },
  sent: { label: 'Sent', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

const audienceText = (message: Broadcast): string =>
  message.audience === 'course'
    ? `Students of ${message.course_title ?? 'a course'}`
    : message.audience === 'all'
      ? 'All students'
      : 'Added, not enrolled';

const whenText = (message: Broadcast): string =>
  message.sent_at
    ? `Sent ${formatDateTime(message.sent_at)}`
    : message.scheduled_at && message.state === 'scheduled'
      ? `Scheduled for ${formatDateTime(message.scheduled_at)}`
      : `Written ${formatDateTime(message.created_at)}`;

/** A sent, scheduled or draft message: its state, audience, date, counts, and Edit or Cancel sending. */
export const MessageItem = ({
  message,
  onOpen,
  onCancel,
}: {
  message: Broadcast;
  onOpen: () => void;
  onCancel: () => void;
}) => {
  const state = STATES[message.state];
  const { counts } = message;
  const figures: Array<[string, number]> = [
    ['Recipients', counts.recipients],
    ['Delivered', counts.delivered],
    ['Failed', counts.failed],
    ['Unsubscribed', counts.unsubscribed],
  ];
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-slate-900">{message.subject}</p>
          <Chip tone={state.tone}>{state.label}</Chip>
        </div>
        <p className="mt-1 text-sm break-words text-slate-600">
          {audienceText(message)} · {whenText(message)}
        </p>
        {message.last_error ? <p className="mt-1 text-sm text-rose-700">{message.last_error}</p> : null}
        {message.state === 'draft' || message.state === 'cancelled' ? null : (
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {figures.map(([label, value]) => (
              <div key={label} className="flex gap-1">
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium text-slate-800 tabular-nums">{formatCount(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {message.state === 'draft' || message.state === 'scheduled' ? (
          <Button size="sm" variant="outline" onClick={onOpen} aria-label={`Edit ${message.subject}`}>
            Edit
          </Button>
        ) : null}
        {message.state === 'scheduled' ? (
          <Button size="sm" variant="outline" onClick={onCancel} aria-label={`Cancel ${message.subject}`}>
            Cancel sending
          </Button>
        ) : null}
      </div>
    </div>
  );
};
