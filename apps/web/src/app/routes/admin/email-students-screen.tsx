import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { Screen } from '@/components/ui/page-header';
import { EmailStudents } from '@/features/broadcasts/components/email-students';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

/** My Students' Email Students (docs/decisions/036): write to the school's students; its messages and counts. */
export const EmailStudentsPage = () => {
  const t = useT();
  return (
    <Screen
      texts="admin.adminRoutes.emailStudents"
      actions={
        <Link to={paths.admin.myStudents} className={buttonClassName({ variant: 'outline' })}>
          {t('admin.adminRoutes.emailStudents.back')}
        </Link>
      }
    >
      <EmailStudents />
    </Screen>
  );
};
