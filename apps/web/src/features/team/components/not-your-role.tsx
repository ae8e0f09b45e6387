import { TEAM_MSG } from '@skillwise/contracts';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { ShieldIcon } from '@/components/ui/drawn-icons';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';

/** An admin screen the member's role does not open (docs/decisions/039): said plainly, with a way on. */
export const NotYourRole = () => (
  <EmptyState
    icon={<ShieldIcon className="size-6" />}
    title={TEAM_MSG.notYourRole}
    hint="Ask an owner or admin of your school if you need it."
    action={
      <Link to={paths.admin.previousCourses} className={buttonClassName({ variant: 'outline' })}>
        Go to My Course
      </Link>
    }
  />
);
