import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { useStorageUsage } from '../api/pricing';
import { storageSize } from '../lib/plans';

/**
 * How much of its storage allowance the organisation uses: a bar and "1.2 GB of 50 GB used", with the
 * room uploads under way hold, which counts against the allowance too, and that a video's streaming copies
 * do not count (docs/decisions/041). Nothing until it is known.
 */
export const StorageUsage = ({ className }: { className?: string }) => {
  const t = useT();
  const usage = useStorageUsage();
  if (!usage.data) return null;
  const { used_bytes, reserved_bytes, allowance_bytes, plan } = usage.data;
  const taken = used_bytes + reserved_bytes;
  const isFull = taken >= allowance_bytes;
  const percent = allowance_bytes > 0 ? Math.min(100, Math.round((taken / allowance_bytes) * 100)) : 100;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {/* The line below says the same in words. */}
      <div aria-hidden="true" className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200">
        <div
          className={cn('h-full rounded-full', isFull ? 'bg-red-600' : 'bg-brand-600')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={cn('text-sm', isFull ? 'text-red-700' : 'text-slate-600')}>
        {t('admin.subscription.storage.used', {
          used: storageSize(used_bytes),
          allowance: storageSize(allowance_bytes),
          plan: plan ? 'running' : 'none',
          held: reserved_bytes > 0 ? 'yes' : 'no',
          reserved: storageSize(reserved_bytes),
        })}
        {isFull ? ` ${t('admin.subscription.storage.full')}` : null}
      </p>
      <p className="text-xs text-slate-500">{t('admin.subscription.storage.note')}</p>
    </div>
  );
};
