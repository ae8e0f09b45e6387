import { type ComponentType, lazy } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import type { AuthArea } from '@/features/auth/components/require-auth';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { SiteLayout } from './routes/site/site-layout';

/**
 * A screen loaded when it is first shown: the first script holds the router and the public layout,
 * and each page brings only what it uses, so a visitor who only browses never downloads the sign-in
 * forms, the student area, the admin screens or the libraries only they use (docs/BENCHMARKS.md, the
 * first page). Moving to another page keeps the current one on screen until the new one is ready
 * (the router moves in a transition); a first visit shows the layout's loading fallback meanwhile.
 */
const screen = <K extends string, M extends Record<K, ComponentType>>(module: () => Promise<M>, name: K) =>
  lazy(() => module().then((loaded) => ({ default: loaded[name] })));

/** The same for a screen behind a login (SPEC §2.12, §2.13): the check comes with the screen's code. */
const signedInScreen = <K extends string, M extends Record<K, ComponentType>>(
  module: () => Promise<M>,
  name: K,
  area?: AuthArea,
) =>
  lazy(async () => {
    const [{ RequireAuth }, loaded] = await Promise.all([
      import('@/features/auth/components/require-auth'),
      module(),
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

const AdminLayout = signedInScreen(() => import('./routes/admin/admin-layout'), 'AdminLayout', 'staff');
const AdminCourseDetailsPage = screen(
  () => import('./routes/admin/course-screens'),
  'AdminCourseDetailsPage',
);
const CourseFormScreen = screen(() => import('./routes/admin/course-screens'), 'CourseFormScreen');
const CurriculumPage = screen(() => import('./routes/admin/course-screens'), 'CurriculumPage');
const MyCourseScreen = screen(() => import('./routes/admin/course-screens'), 'MyCourseScreen');
const AdminMyStudentsPage = screen(() => import('./routes/admin/my-students-screen'), 'AdminMyStudentsPage');
const CheckoutPage = screen(() => import('./routes/admin/plan-page'), 'CheckoutPage');
const SubscriptionPage = screen(() => import('./routes/admin/plan-page'), 'SubscriptionPage');
const PreviewCoursePage = screen(() => import('./routes/admin/preview-course'), 'PreviewCoursePage');
const CoursePagesPage = screen(() => import('./routes/admin/preview-course'), 'CoursePagesPage');
const AdminHome = screen(() => import('./routes/admin/sections'), 'AdminHome');
const AdminNotificationsPage = screen(() => import('./routes/admin/notifications'), 'AdminNotificationsPage');
const SettingsScreen = screen(() => import('./routes/admin/sections'), 'SettingsScreen');
const AuthRouteLayout = screen(() => import('./routes/auth/screens'), 'AuthRouteLayout');
const LoginPage = screen(() => import('./routes/auth/screens'), 'LoginPage');
const RegisterPage = screen(() => import('./routes/auth/screens'), 'RegisterPage');
const RegisterOptionPage = screen(() => import('./routes/auth/screens'), 'RegisterOptionPage');
const RegisterOrgPage = screen(() => import('./routes/auth/screens'), 'RegisterOrgPage');
const ResetPasswordPage = screen(() => import('./routes/auth/screens'), 'ResetPasswordPage');
const ResetPasswordRequestPage = screen(() => import('./routes/auth/screens'), 'ResetPasswordRequestPage');
const VerifyCodePage = screen(() => import('./routes/auth/screens'), 'VerifyCodePage');
const StudentManagementPage = signedInScreen(
  () => import('./routes/my-students'),
  'StudentManagementPage',
  'staff',
);
const SandboxCheckoutPage = signedInScreen(
  () => import('./routes/payments/sandbox-checkout'),
  'SandboxCheckoutPage',
);
const CertificateVerificationPage = screen(
  () => import('./routes/site/certificate'),
  'CertificateVerificationPage',
);
const CourseDetailPage = screen(() => import('./routes/site/course-detail'), 'CourseDetailPage');
const CoursesPage = screen(() => import('./routes/site/courses'), 'CoursesPage');
const HelpPage = screen(() => import('./routes/site/help'), 'HelpPage');
const UnsubscribePage = screen(() => import('./routes/site/unsubscribe'), 'UnsubscribePage');
const LandingPage = screen(() => import('./routes/site/landing'), 'LandingPage');
const StudentCataloguePage = screen(() => import('./routes/students/catalogue'), 'StudentCataloguePage');
const StudentCheckoutPage = screen(() => import('./routes/students/checkout'), 'StudentCheckoutPage');
const StudentCourseDetailsPage = screen(
  () => import('./routes/students/course-details'),
  'StudentCourseDetailsPage',
);
const CoursePage = screen(() => import('./routes/students/course-page'), 'CoursePage');
const MyCoursesPage = screen(() => import('./routes/students/my-courses'), 'MyCoursesPage');
const AccountSettingsPage = screen(() => import('./routes/students/account'), 'AccountSettingsPage');
const CertificatesPage = screen(() => import('./routes/students/certificates'), 'CertificatesPage');
const NotificationsPage = screen(() => import('./routes/students/notifications'), 'NotificationsPage');
const ProfilePage = screen(() => import('./routes/students/account'), 'ProfilePage');
const StudentsLayout = signedInScreen(
  () => import('./routes/students/students-layout'),
  'StudentsLayout',
  'student',
);
const TakeCoursePage = screen(() => import('./routes/students/take-course'), 'TakeCoursePage');

/** SPEC §2.1: the route table. Paths are relative to their parent, as the spec lists them. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'courses', element: <CoursesPage /> },
          { path: 'courseDetail', element: <CourseDetailPage /> },
          { path: 'help', element: <HelpPage /> },
          // The unsubscribe link of notification e-mails (no login).
          { path: 'unsubscribe', element: <UnsubscribePage /> },
          // The public verification page of a certificate number (linkable, no login).
          { path: 'certificates/:number', element: <CertificateVerificationPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <AuthRouteLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'registerOption', element: <RegisterOptionPage /> },
          { path: 'signUp', element: <Navigate to={paths.registerOption} replace /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'registerOrg', element: <RegisterOrgPage /> },
          { path: 'digitCodeVerification', element: <VerifyCodePage /> },
          { path: 'resetPasswordRequest', element: <ResetPasswordRequestPage /> },
          { path: 'resetPassword', element: <ResetPasswordPage /> },
        ],
      },
      {
        path: 'students',
        element: <StudentsLayout />,
        children: [
          { index: true, element: <StudentCataloguePage /> },
          { path: 'courses', element: <StudentCataloguePage /> },
          { path: 'myCourses', element: <MyCoursesPage /> },
          { path: 'certificates', element: <CertificatesPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'settings', element: <AccountSettingsPage /> },
          { path: 'courseDetails', element: <StudentCourseDetailsPage /> },
          { path: 'takeCourse', element: <TakeCoursePage /> },
          { path: 'coursePage', element: <CoursePage /> },
          { path: 'checkout', element: <StudentCheckoutPage /> },
          { path: '*', element: <NotFoundPage homePath={paths.students.root} /> },
        ],
      },
      {
        path: 'admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <AdminHome /> },
          { path: 'previousCourses', element: <MyCourseScreen /> },
          { path: 'myStudents', element: <AdminMyStudentsPage /> },
          { path: 'adminCourseDetails', element: <AdminCourseDetailsPage /> },
          { path: 'curriculum', element: <CurriculumPage /> },
          { path: 'createCourse', element: <CourseFormScreen /> },
          { path: 'previewCourse', element: <PreviewCoursePage /> },
          { path: 'coursePages', element: <CoursePagesPage /> },
          { path: 'settings', element: <SettingsScreen /> },
          { path: 'notifications', element: <AdminNotificationsPage /> },
          { path: 'subscription', element: <SubscriptionPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: '*', element: <NotFoundPage homePath={paths.admin.root} /> },
        ],
      },
      {
        path: 'myStudents',
        element: <StudentManagementPage />,
      },
      {
        // The built-in sandbox provider's approval page (DESIGN: payments), reached from a checkout.
        path: 'sandbox/checkout/:orderId',
        element: <SandboxCheckoutPage />,
      },
    ],
  },
];

/** The app's screens, in the browser's router (app.tsx). */
export const AppRoutes = () => useRoutes(routes);
