import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '@/features/notifications/components/unsubscribe-panel';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

/** /unsubscribe?token=: where the link at the end of every notification e-mail leads; no login. */
export const UnsubscribePage = () => {
  const t = useT();
  usePageTitle(t('site.siteRoutes.unsubscribe.pageTitle'));
  const [params] = useSearchParams();
  return (
    <div className="w-full px-4 py-14 sm:px-6">
      <UnsubscribePanel token={(params.get('token') ?? '').trim()} />
    </div>
  );
};
