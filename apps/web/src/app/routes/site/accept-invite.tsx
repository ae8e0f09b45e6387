import { useSearchParams } from 'react-router';
import { AcceptInvitation } from '@/features/team/components/accept-invitation';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

/** /acceptInvite?token=: the link of an invitation to a school's team; readable without a login. */
export const AcceptInvitePage = () => {
  const t = useT();
  usePageTitle(t('site.siteRoutes.acceptInvite.pageTitle'));
  const [params] = useSearchParams();
  return (
    <div className="w-full px-4 py-14 sm:px-6">
      <AcceptInvitation token={(params.get('token') ?? '').trim()} />
    </div>
  );
};
