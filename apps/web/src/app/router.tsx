import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import type { AuthArea } from '@/features/auth/components/require-auth';
import { schoolOfDomain } from '@/features/school-sites/lib/school-site';
import { ADMIN_SECTION_LABELS, adminHomeSection } from '@/lib/admin-sections';
import { loadNamespaces, type Namespace, t } from '@/lib/i18n/i18n';
import { type RouteHandle, useRouteTitle } from '@/lib/page-title';
import { COURSE_ID_PARAM, paths } from '@/lib/paths';
import { firstPageData } from './first-page-data';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { SiteLayout } from './routes/site/site-layout';

/**
 * The catalogues a screen of each area loads with its code: an area's screens show the components of the
 * areas before it too (a student's catalogue shows the public course cards, the admin previews the
 * learning screen), so a component's texts live in the first area that shows it.
 */
const AREA_TEXTS: Record<Namespace, readonly Namespace[]> = {
  common: ['common'],
  site: ['site'],
  auth: ['auth'],
  learning: ['learning', 'site'],
  admin: ['admin', 'learning', 'site', 'forms'],
  forms: ['forms'],
};

/**
 * A screen loaded when it is first shown: the first script holds the router and the public layout,
 * and each page brings only what it uses, so a visitor who only browses never downloads the sign-in
 * forms, the student area, the admin screens or the libraries only they use (docs/BENCHMARKS.md, the
 * first page). Moving to another page keeps the current one on screen until the new one is ready
 * (the router moves in a transition); a first visit shows the layout's loading fallback meanwhile.
 */
const screen = <K extends string, M extends Record<K, ComponentType>>(
  module: () => Promise<M>,
  name: K,
  namespace: Namespace,
) =>
  lazy(() =>
    Promise.all([module(), loadNamespaces(AREA_TEXTS[namespace])]).then(([loaded]) => ({
      default: loaded[name],
    })),
  );

/** The same for a screen behind a login (SPEC §2.12, §2.13): the check comes with the screen's code. */
const signedInScreen = <K extends string, M extends Record<K, ComponentType>>(
  module: () => Promise<M>,
  name: K,
  namespace: Namespace,
  area?: AuthArea,
) =>
  lazy(async () => {
    const [{ RequireAuth }, loaded] = await Promise.all([
      import('@/features/auth/components/require-auth'),
      module(),
      loadNamespaces(AREA_TEXTS[namespace]),
    ]);
    const Screen: ComponentType = loaded[name];
    return {
      default: () => (
        <RequireAuth area={area}>
          <Screen />
        </RequireAuth>
      ),
    };
  });

const AdminLayout = signedInScreen(
  () => import('./routes/admin/admin-layout'),
  'AdminLayout',
  'admin',
  'staff',
);
const AdminCourseDetailsPage = screen(
  () => import('./routes/admin/course-screens'),
  'AdminCourseDetailsPage',
  'admin',
);
const CourseFormScreen = screen(() => import('./routes/admin/course-screens'), 'CourseFormScreen', 'admin');
const CurriculumPage = screen(() => import('./routes/admin/course-screens'), 'CurriculumPage', 'admin');
const QuizEditorPage = screen(() => import('./routes/admin/quiz-editor'), 'QuizEditorPage', 'admin');
const MyCourseScreen = screen(() => import('./routes/admin/course-screens'), 'MyCourseScreen', 'admin');
const AdminMyStudentsPage = screen(
  () => import('./routes/admin/my-students-screen'),
  'AdminMyStudentsPage',
  'admin',
);
const EmailStudentsPage = screen(
  () => import('./routes/admin/email-students-screen'),
  'EmailStudentsPage',
  'admin',
);
const CheckoutPage = screen(() => import('./routes/admin/plan-page'), 'CheckoutPage', 'admin');
const SubscriptionPage = screen(() => import('./routes/admin/plan-page'), 'SubscriptionPage', 'admin');
const PreviewCoursePage = screen(() => import('./routes/admin/preview-course'), 'PreviewCoursePage', 'admin');
const CoursePagesPage = screen(() => import('./routes/admin/preview-course'), 'CoursePagesPage', 'admin');
const AdminHome = screen(() => import('./routes/admin/sections'), 'AdminHome', 'admin');
const BillingScreen = screen(() => import('./routes/admin/billing-screen'), 'BillingScreen', 'admin');
const GradingScreen = screen(() => import('./routes/admin/quiz-screens'), 'GradingScreen', 'admin');
const QuizResultsScreen = screen(() => import('./routes/admin/quiz-screens'), 'QuizResultsScreen', 'admin');
const AdminNotificationsPage = screen(
  () => import('./routes/admin/notifications'),
  'AdminNotificationsPage',
  'admin',
);
const SettingsScreen = screen(() => import('./routes/admin/sections'), 'SettingsScreen', 'admin');
const TeamScreen = screen(() => import('./routes/admin/team-screen'), 'TeamScreen', 'admin');
const AuthRouteLayout = screen(() => import('./routes/auth/screens'), 'AuthRouteLayout', 'auth');
const LoginPage = screen(() => import('./routes/auth/screens'), 'LoginPage', 'auth');
const RegisterPage = screen(() => import('./routes/auth/screens'), 'RegisterPage', 'auth');
const RegisterOptionPage = screen(() => import('./routes/auth/screens'), 'RegisterOptionPage', 'auth');
const RegisterOrgPage = screen(() => import('./routes/auth/screens'), 'RegisterOrgPage', 'auth');
const ResetPasswordPage = screen(() => import('./routes/auth/screens'), 'ResetPasswordPage', 'auth');
const ResetPasswordRequestPage = screen(
  () => import('./routes/auth/screens'),
  'ResetPasswordRequestPage',
  'auth',
);
const VerifyCodePage = screen(() => import('./routes/auth/screens'), 'VerifyCodePage', 'auth');
const StudentManagementPage = signedInScreen(
  () => import('./routes/my-students'),
  'StudentManagementPage',
  'admin',
  'staff',
);
const SandboxCheckoutPage = signedInScreen(
  () => import('./routes/payments/sandbox-checkout'),
  'SandboxCheckoutPage',
  'learning',
);
const CertificateVerificationPage = screen(
  () => import('./routes/site/certificate'),
  'CertificateVerificationPage',
  'site',
);
const CourseDetailPage = screen(() => import('./routes/site/course-detail'), 'CourseDetailPage', 'site');
const CoursesPage = screen(() => import('./routes/site/courses'), 'CoursesPage', 'site');
const HelpPage = screen(() => import('./routes/site/help'), 'HelpPage', 'site');
const UnsubscribePage = screen(() => import('./routes/site/unsubscribe'), 'UnsubscribePage', 'site');
const AcceptInvitePage = screen(() => import('./routes/site/accept-invite'), 'AcceptInvitePage', 'site');
const LandingPage = screen(() => import('./routes/site/landing'), 'LandingPage', 'site');
const SchoolSiteLayout = screen(() => import('./routes/site/school-site'), 'SchoolSiteLayout', 'site');
const SchoolHomePage = screen(() => import('./routes/site/school-site'), 'SchoolHomePage', 'site');
const SchoolCoursePage = screen(() => import('./routes/site/school-site'), 'SchoolCoursePage', 'site');
const SchoolSignUpPage = screen(() => import('./routes/site/school-site'), 'SchoolSignUpPage', 'site');
const SiteSettingsScreen = screen(() => import('./routes/admin/site-screen'), 'SiteSettingsScreen', 'admin');
const StudentCataloguePage = screen(
  () => import('./routes/students/catalogue'),
  'StudentCataloguePage',
  'learning',
);
const StudentCheckoutPage = screen(
  () => import('./routes/students/checkout'),
  'StudentCheckoutPage',
  'learning',
);
const StudentCourseDetailsPage = screen(
  () => import('./routes/students/course-details'),
  'StudentCourseDetailsPage',
  'learning',
);
const CoursePage = screen(() => import('./routes/students/course-page'), 'CoursePage', 'learning');
const MyCoursesPage = screen(() => import('./routes/students/my-courses'), 'MyCoursesPage', 'learning');
const AccountSettingsPage = screen(
  () => import('./routes/students/account'),
  'AccountSettingsPage',
  'learning',
);
const CertificatesPage = screen(
  () => import('./routes/students/certificates'),
  'CertificatesPage',
  'learning',
);
const NotificationsPage = screen(
  () => import('./routes/students/notifications'),
  'NotificationsPage',
  'learning',
);
const ProfilePage = screen(() => import('./routes/students/account'), 'ProfilePage', 'learning');
/**
 * The learning screen a student comes back to is drawn once the answers the app asked for as it started
 * are in (app/first-page-data.ts): the whole screen in one render, which yields to the browser as it
 * goes, not a render for each answer as it comes. Its layout (the header) is drawn meanwhile.
 */
const withFirstPageData =
  <M,>(module: () => Promise<M>) =>
  async (): Promise<M> => {
    const [loaded] = await Promise.all([module(), firstPageData()]);
    return loaded;
  };

const StudentsLayout = signedInScreen(
  () => import('./routes/students/students-layout'),
  'StudentsLayout',
  'learning',
  'student',
);
const TakeCoursePage = screen(
  withFirstPageData(() => import('./routes/students/take-course')),
  'TakeCoursePage',
  'learning',
);

/** The root of every page: its layout, and its document title from the table below (lib/page-title.ts). */
const Root = () => {
  useRouteTitle(routes);
  return <RootLayout />;
};

/** A route's page title (see `Root`). */
const titled = (title: NonNullable<RouteHandle['title']>): { handle: RouteHandle } => ({ handle: { title } });

const NOT_FOUND = titled('common.title.pageNotFound');

/**
 * A school's own site (docs/decisions/040): its home with its catalogue, its course pages and its
 * sign-up, under /s/{school} and, on the school's own domain, at the root.
 */
const schoolSiteRoutes = (path?: string): RouteObject => ({
  ...(path ? { path } : {}),
  element: <SchoolSiteLayout />,
  children: [
    { index: true, element: <SchoolHomePage />, ...titled('common.title.school') },
    ...(path ? [] : [{ path: 'courses', element: <SchoolHomePage />, ...titled('common.title.school') }]),
    { path: 'courses/:courseId', element: <SchoolCoursePage />, ...titled('common.title.course') },
    { path: 'signUp', element: <SchoolSignUpPage />, ...titled('common.title.signUp') },
    ...(path ? [{ path: '*', element: <NotFoundPage />, ...NOT_FOUND }] : []),
  ],
});

/** The school whose own domain this page is on: its site answers at the root there. */
const DOMAIN_SCHOOL = schoolOfDomain();

/**
 * SPEC §2.1: the route table. Paths are relative to their parent, as the spec lists them. Each page names
 * itself in `handle.title`; a page showing a course names the course once it has it (`usePageTitle`).
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <Root />,
    children: [
      ...(DOMAIN_SCHOOL ? [schoolSiteRoutes()] : []),
      schoolSiteRoutes('s/:school'),
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'courses', element: <CoursesPage />, ...titled('common.title.courses') },
          { path: 'courseDetail', element: <CourseDetailPage />, ...titled('common.title.course') },
          { path: 'help', element: <HelpPage />, ...titled('common.title.help') },
          // The unsubscribe link of notification e-mails (no login).
          { path: 'unsubscribe', element: <UnsubscribePage />, ...titled('common.title.notificationEmails') },
          // An invitation's link to a school's team (no login needed to read it; docs/decisions/039).
          { path: 'acceptInvite', element: <AcceptInvitePage />, ...titled('common.title.joinTeam') },
          // The public verification page of a certificate number (linkable, no login).
          {
            path: 'certificates/:number',
            element: <CertificateVerificationPage />,
            ...titled('common.title.certificateVerification'),
          },
          { path: '*', element: <NotFoundPage />, ...NOT_FOUND },
        ],
      },
      {
        element: <AuthRouteLayout />,
        children: [
          { path: 'login', element: <LoginPage />, ...titled('common.title.logIn') },
          { path: 'registerOption', element: <RegisterOptionPage />, ...titled('common.title.signUp') },
          { path: 'signUp', element: <Navigate to={paths.registerOption} replace /> },
          { path: 'register', element: <RegisterPage />, ...titled('common.title.studentSignUp') },
          {
            path: 'registerOrg',
            element: <RegisterOrgPage />,
            ...titled('common.title.registerOrganization'),
          },
          {
            path: 'digitCodeVerification',
            element: <VerifyCodePage />,
            ...titled('common.title.verifyEmail'),
          },
          {
            path: 'resetPasswordRequest',
            element: <ResetPasswordRequestPage />,
            ...titled('common.title.forgotPassword'),
          },
          { path: 'resetPassword', element: <ResetPasswordPage />, ...titled('common.title.createPassword') },
        ],
      },
      {
        path: 'students',
        element: <StudentsLayout />,
        children: [
          { index: true, element: <StudentCataloguePage />, ...titled('common.title.courses') },
          { path: 'courses', element: <StudentCataloguePage />, ...titled('common.title.courses') },
          { path: 'myCourses', element: <MyCoursesPage />, ...titled('common.title.myCourses') },
          { path: 'certificates', element: <CertificatesPage />, ...titled('common.title.myCertificates') },
          { path: 'notifications', element: <NotificationsPage />, ...titled('common.title.myNotification') },
          { path: 'profile', element: <ProfilePage />, ...titled('common.title.profile') },
          { path: 'settings', element: <AccountSettingsPage />, ...titled('common.title.accountSettings') },
          { path: 'courseDetails', element: <StudentCourseDetailsPage />, ...titled('common.title.course') },
          { path: 'takeCourse', element: <TakeCoursePage />, ...titled('common.title.course') },
          { path: 'coursePage', element: <CoursePage />, ...titled('common.title.lessons') },
          { path: 'checkout', element: <StudentCheckoutPage />, ...titled('common.title.checkout') },
          { path: '*', element: <NotFoundPage homePath={paths.students.root} />, ...NOT_FOUND },
        ],
      },
      {
        path: 'admin',
        element: <AdminLayout />,
        children: [
          {
            index: true,
            element: <AdminHome />,
            ...titled((location) => t(ADMIN_SECTION_LABELS[adminHomeSection(location)])),
          },
          { path: 'previousCourses', element: <MyCourseScreen />, ...titled('common.title.myCourse') },
          { path: 'myStudents', element: <AdminMyStudentsPage />, ...titled('common.title.myStudents') },
          { path: 'emailStudents', element: <EmailStudentsPage />, ...titled('common.title.emailStudents') },
          {
            path: 'adminCourseDetails',
            element: <AdminCourseDetailsPage />,
            ...titled('common.title.courseDetails'),
          },
          { path: 'curriculum', element: <CurriculumPage />, ...titled('common.title.curriculum') },
          { path: 'quizEditor', element: <QuizEditorPage />, ...titled('common.title.quiz') },
          {
            path: 'createCourse',
            element: <CourseFormScreen />,
            ...titled(({ search }) =>
              t(
                new URLSearchParams(search).has(COURSE_ID_PARAM)
                  ? 'common.title.editCourse'
                  : 'common.title.createCourse',
              ),
            ),
          },
          { path: 'previewCourse', element: <PreviewCoursePage />, ...titled('common.title.coursePreview') },
          { path: 'coursePages', element: <CoursePagesPage />, ...titled('common.title.coursePreview') },
          { path: 'settings', element: <SettingsScreen />, ...titled('common.title.settings') },
          { path: 'site', element: <SiteSettingsScreen />, ...titled('common.title.schoolSite') },
          { path: 'billing', element: <BillingScreen />, ...titled('common.title.planBilling') },
          { path: 'team', element: <TeamScreen />, ...titled('common.title.team') },
          { path: 'grading', element: <GradingScreen />, ...titled('common.title.grading') },
          { path: 'quizResults', element: <QuizResultsScreen />, ...titled('common.title.quizResults') },
          {
            path: 'notifications',
            element: <AdminNotificationsPage />,
            ...titled('common.title.notifications'),
          },
          { path: 'subscription', element: <SubscriptionPage />, ...titled('common.title.choosePlan') },
          { path: 'checkout', element: <CheckoutPage />, ...titled('common.title.checkout') },
          { path: '*', element: <NotFoundPage homePath={paths.admin.root} />, ...NOT_FOUND },
        ],
      },
      {
        path: 'myStudents',
        element: <StudentManagementPage />,
        ...titled('common.title.studentManagement'),
      },
      {
        // The built-in sandbox provider's approval page (DESIGN: payments), reached from a checkout.
        path: 'sandbox/checkout/:orderId',
        element: <SandboxCheckoutPage />,
        ...titled('common.title.confirmPayment'),
      },
    ],
  },
];

/** The app's screens, in the browser's router (app.tsx). */
export const AppRoutes = () => useRoutes(routes);
