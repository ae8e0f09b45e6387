import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { EmailStudents } from '@/features/broadcasts/components/email-students';
import { paths } from '@/lib/paths';

/** My Students' Email Students (docs/decisions/036): write to the school's students; its messages and counts. */
export const EmailStudentsPage = () => (
  <>
    <PageHeader
      title="Email Students"
      description="Write to all your students, a course’s students, or those you added who are not enrolled yet."
      actions={
        <Link to={paths.admin.myStudents} className={buttonClassName({ variant: 'outline' })}>
          Back to My Students
        </Link>
      }
    />
    <EmailStudents />
  </>
);
