import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { ShieldIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

/** An admin screen the member's role does not open (docs/decisions/039): said plainly, with a way on. */
export const NotYourRole = () => {
  const t = useT();
  return (
    <EmptyState
      icon={<ShieldIcon className="size-6" />}
      title={t('admin.team.notYourRole')}
      hint={t('admin.team.notYourRoleHint')}
      action={
        <Link to={paths.admin.previousCourses} className={buttonClassName({ variant: 'outline' })}>
          {t('admin.team.goToMyCourse')}
        </Link>
      }
    />
  );
};
