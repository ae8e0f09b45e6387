import type { Broadcast, BroadcastState } from '@skillwise/contracts';
import { RowButton } from '@/components/ui/button';
import { Chip, type ChipTone } from '@/components/ui/chip';
import { formatCount, formatDateTime } from '@/lib/format';
import { type MessageId, t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

const STATES: Record<BroadcastState, { label: MessageId; tone: ChipTone }> = {
  draft: { label: 'admin.broadcasts.state.draft', tone: 'muted' },
  scheduled: { label: 'admin.broadcasts.state.scheduled', tone: 'amber' },
  sending: { label: 'admin.broadcasts.state.sending', tone: 'brand' },
  sent: { label: 'admin.broadcasts.state.sent', tone: 'green' },
  cancelled: { label: 'admin.broadcasts.state.cancelled', tone: 'red' },
};

const audienceText = (message: Broadcast): string =>
  message.audience === 'course'
    ? t('admin.broadcasts.studentsOf', { course: message.course_title ?? t('admin.broadcasts.aCourse') })
    : message.audience === 'all'
      ? t('admin.broadcasts.audience.all')
      : t('admin.broadcasts.audience.notEnrolled');

const whenText = (message: Broadcast): string =>
  message.sent_at
    ? t('admin.broadcasts.sentOn', { date: formatDateTime(message.sent_at) })
    : message.scheduled_at && message.state === 'scheduled'
      ? t('admin.broadcasts.scheduledFor', { date: formatDateTime(message.scheduled_at) })
      : t('admin.broadcasts.writtenOn', { date: formatDateTime(message.created_at) });

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
  const t = useT();
  const state = STATES[message.state];
  const { counts } = message;
  const figures: Array<[string, number]> = [
    [t('admin.broadcasts.recipients'), counts.recipients],
    [t('admin.broadcasts.delivered'), counts.delivered],
    [t('admin.broadcasts.failedCount'), counts.failed],
    [t('admin.broadcasts.unsubscribed'), counts.unsubscribed],
  ];
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold break-words text-slate-900">{message.subject}</p>
          <Chip tone={state.tone}>{t(state.label)}</Chip>
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
          <RowButton onClick={onOpen} label={t('admin.broadcasts.editLabel', { subject: message.subject })}>
            {t('admin.broadcasts.edit')}
          </RowButton>
        ) : null}
        {message.state === 'scheduled' ? (
          <RowButton
            onClick={onCancel}
            label={t('admin.broadcasts.cancelLabel', { subject: message.subject })}
          >
            {t('admin.broadcasts.cancelSending')}
          </RowButton>
        ) : null}
      </div>
    </div>
  );
};
