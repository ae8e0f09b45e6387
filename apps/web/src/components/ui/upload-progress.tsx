import { useId } from 'react';
import { cn } from '@/lib/cn';
import { formatBytes, formatSpeed, formatTimeLeft, numberFormat } from '@/lib/format';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** An upload under way, as the publisher sees it. */
export type UploadProgressValue = {
  sent: number;
  total: number;
  /** Over the last few seconds; null until measured, and while the connection is down. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** What the connection is doing, when there is something to say (dropped, retrying, resumed). */
  notice: string | null;
  /** Waiting for the connection to come back. */
  isWaiting: boolean;
};

/** The share sent in whole percent (`43`), never 100 before the last byte. */
export const percentSent = (sent: number, total: number): number =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;

/** `120 MB of 280 MB · 4.2 MB/s · 38 s left`, or what it waits for. */
export const describeUpload = (progress: UploadProgressValue): string => {
  const parts = [
    t('common.ui.upload.sent', { sent: formatBytes(progress.sent), total: formatBytes(progress.total) }),
  ];
  if (progress.isWaiting) parts.push(t('common.ui.upload.waiting'));
  else if (progress.total > 0 && progress.sent >= progress.total) parts.push(t('common.ui.upload.finishing'));
  else if (progress.bytesPerSecond !== null && progress.secondsLeft !== null) {
    parts.push(
      formatSpeed(progress.bytesPerSecond),
      t('common.ui.upload.left', { time: formatTimeLeft(progress.secondsLeft) }),
    );
  } else parts.push(t('common.ui.upload.measuring'));
  return parts.join(' · ');
};

/** The connection's notice alone, announced politely (the bulk panel shows its own bar). */
export const UploadNotice = ({ notice, isWaiting }: Pick<UploadProgressValue, 'notice' | 'isWaiting'>) => (
  <p role="status" className={cn('text-xs font-medium', isWaiting ? 'text-amber-700' : 'text-emerald-700')}>
    {notice}
  </p>
);

/**
 * A file's upload: a bar labelled with the share sent, the bytes of the total, the speed and the time
 * left, and a line saying when the connection drops and where the upload resumed.
 */
export const UploadProgress = ({ progress }: { progress: UploadProgressValue | null }) => {
  const translate = useT();
  const labelId = useId();
  if (!progress || progress.total === 0) return null;
  const percent = numberFormat({ style: 'percent' }).format(percentSent(progress.sent, progress.total) / 100);
  const details = describeUpload(progress);
  return (
    <div className="flex flex-col gap-1.5 rounded-xl border border-slate-200 bg-slate-50 px-3.5 py-3">
      <p id={labelId} className="flex justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{translate('common.ui.upload.title')}</span>
        <span className="font-semibold text-slate-900 tabular-nums">{percent}</span>
      </p>
      {/* A native progress element: no inline style, which the app's CSP refuses. */}
      <progress
        aria-labelledby={labelId}
        aria-valuetext={`${percent}, ${details}`}
        value={progress.sent}
        max={progress.total}
        className={cn(
          'block h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200',
          '[&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:rounded-full',
          '[&::-moz-progress-bar]:rounded-full',
          progress.isWaiting
            ? '[&::-moz-progress-bar]:bg-amber-500 [&::-webkit-progress-value]:bg-amber-500'
            : '[&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-value]:bg-brand-600',
        )}
      />
      <p className="text-xs text-slate-600 tabular-nums">{details}</p>
      <UploadNotice notice={progress.notice} isWaiting={progress.isWaiting} />
    </div>
  );
};
