import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader, Screen } from '@/components/ui/page-header';
import { AccountSettings } from '@/features/account/components/account-settings';
import { SalesReport } from '@/features/payments/components/sales-report';
import { SchoolSettings } from '@/features/settings/components/school-settings';
import { useRoleAllows } from '@/features/team/api/team';
import { YourTeamCard } from '@/features/team/components/your-team-card';
import { type AdminHomeState, adminHomeSection, isUnnamedAdminHome } from '@/lib/admin-sections';
import { useT } from '@/lib/i18n/use-t';
import { BillingScreen } from './billing-screen';
import { AuthorsScreen, CategoryScreen, CreateAuthorScreen, CreateCategoryScreen } from './catalogue-screens';
import { CourseFormScreen, MyCourseScreen } from './course-screens';
import { AdminMyStudentsPage } from './my-students-screen';
import { GradingScreen } from './quiz-screens';
import { TeamScreen } from './team-screen';

/** SPEC §2.13 Sales (key `users`; the spec's placeholder read Pages): the organisation's course sales. */
export const SalesScreen = () => (
  <Screen texts="admin.adminRoutes.sales">
    <SalesReport />
  </Screen>
);

/**
 * SPEC §2.13 Settings (key `settings`, also /admin/settings). An instructor of the school's team sees its
 * own account and its place on the team only; the school's settings are its owners' and admins'
 * (docs/decisions/039).
 */
export const SettingsScreen = () => {
  const t = useT();
  const isStaff = useRoleAllows('staff');
  return (
    <>
      <PageHeader
        title={t('admin.adminRoutes.settings.title')}
        description={
          isStaff
            ? t('admin.adminRoutes.settings.staffDescription')
            : t('admin.adminRoutes.settings.memberDescription')
        }
      />
      {/* The publisher's own name and password: the same forms as a student's Account Settings. */}
      <div className="mb-8">
        <AccountSettings />
      </div>
      {isStaff ? <SchoolSettings /> : <YourTeamCard />}
    </>
  );
};

/**
 * SPEC §2.13 /admin: the screen its address names (?section=), else the remembered component key; My
 * Course by default. Opened without a name, the history entry keeps the screen it showed, so Back and
 * reload show that one even after another key is remembered (docs/decisions/016-admin-addresses.md).
 */
export const AdminHome = () => {
  const location = useLocation();
  const navigate = useNavigate();
  const section = adminHomeSection(location);
  const isUnnamed = isUnnamedAdminHome(location);
  useEffect(() => {
    if (!isUnnamed) return;
    const state: AdminHomeState = { section };
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state });
  }, [isUnnamed, section, location, navigate]);

  switch (section) {
    case 'courses':
      return <CourseFormScreen />;
    case 'category':
      return <CategoryScreen />;
    case 'newcategory':
      return <CreateCategoryScreen />;
    case 'authors':
      return <AuthorsScreen />;
    case 'createauthors':
      return <CreateAuthorScreen />;
    case 'users':
      return <SalesScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'Mystudents':
      return <AdminMyStudentsPage />;
    case 'billing':
      return <BillingScreen />;
    case 'grading':
      return <GradingScreen />;
    case 'team':
      return <TeamScreen />;
    default:
      return <MyCourseScreen />;
  }
};
