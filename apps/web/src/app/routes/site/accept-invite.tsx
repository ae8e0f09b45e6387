import { useSearchParams } from 'react-router';
import { AcceptInvitation } from '@/features/team/components/accept-invitation';

/** /acceptInvite?token=: the link of an invitation to a school's team; readable without a login. */
export const AcceptInvitePage = () => {
  const [params] = useSearchParams();
  return (
    <div className="w-full px-4 py-14 sm:px-6">
      <AcceptInvitation token={(params.get('token') ?? '').trim()} />
    </div>
  );
};
