import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '@/features/notifications/components/unsubscribe-panel';

/** /unsubscribe?token=: where the link at the end of every notification e-mail leads; no login. */
export const UnsubscribePage = () => {
  const [params] = useSearchParams();
  return (
    <div className="w-full px-4 py-14 sm:px-6">
      <UnsubscribePanel token={(params.get('token') ?? '').trim()} />
    </div>
  );
};
