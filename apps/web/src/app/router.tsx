import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { paths } from '@/lib/paths';
import { AdminLayout } from './routes/admin/admin-layout';
import {
  AdminCourseDetailsPage,
  CourseFormScreen,
  CurriculumPage,
  MyCourseScreen,
} from './routes/admin/course-screens';
import { AdminMyStudentsPage } from './routes/admin/my-students-screen';
import { CheckoutPage, SubscriptionPage } from './routes/admin/plan-page';
import { AdminHome, SettingsScreen } from './routes/admin/sections';
import { AuthRouteLayout } from './routes/auth/auth-route-layout';
import { LoginPage } from './routes/auth/login';
import { RegisterPage } from './routes/auth/register';
import { RegisterOptionPage } from './routes/auth/register-option';
import { RegisterOrgPage } from './routes/auth/register-org';
import { ResetPasswordPage } from './routes/auth/reset-password';
import { ResetPasswordRequestPage } from './routes/auth/reset-password-request';
import { VerifyCodePage } from './routes/auth/verify-code';
import { ErrorPage } from './routes/error-page';
import { StudentManagementPage } from './routes/my-students';
import { NotFoundPage } from './routes/not-found';
import { SandboxCheckoutPage } from './routes/payments/sandbox-checkout';
import { RootLayout } from './routes/root-layout';
import { CourseDetailPage } from './routes/site/course-detail';
import { CoursesPage } from './routes/site/courses';
import { HelpPage } from './routes/site/help';
import { LandingPage } from './routes/site/landing';
import { SiteLayout } from './routes/site/site-layout';
import { StudentCataloguePage } from './routes/students/catalogue';
import { StudentCheckoutPage } from './routes/students/checkout';
import { StudentCourseDetailsPage } from './routes/students/course-details';
import { CoursePage } from './routes/students/course-page';
import { MyCoursesPage } from './routes/students/my-courses';
import {
  AccountSettingsPage,
  CertificatesPage,
  NotificationsPage,
  ProfilePage,
} from './routes/students/placeholders';
import { StudentsLayout } from './routes/students/students-layout';
import { TakeCoursePage } from './routes/students/take-course';

/** SPEC §2.1: the route table. Paths are relative to their parent, as the spec lists them. */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <LandingPage /> },
          { path: 'courses', element: <CoursesPage /> },
          { path: 'courseDetail', element: <CourseDetailPage /> },
          { path: 'help', element: <HelpPage /> },
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
        element: (
          <RequireAuth>
            <StudentsLayout />
          </RequireAuth>
        ),
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
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        errorElement: <ErrorPage />,
        children: [
          { index: true, element: <AdminHome /> },
          { path: 'previousCourses', element: <MyCourseScreen /> },
          { path: 'myStudents', element: <AdminMyStudentsPage /> },
          { path: 'adminCourseDetails', element: <AdminCourseDetailsPage /> },
          { path: 'curriculum', element: <CurriculumPage /> },
          { path: 'createCourse', element: <CourseFormScreen /> },
          { path: 'settings', element: <SettingsScreen /> },
          { path: 'subscription', element: <SubscriptionPage /> },
          { path: 'checkout', element: <CheckoutPage /> },
          { path: '*', element: <NotFoundPage homePath={paths.admin.root} /> },
        ],
      },
      {
        path: 'myStudents',
        element: (
          <RequireAuth>
            <StudentManagementPage />
          </RequireAuth>
        ),
      },
      {
        // The built-in sandbox provider's approval page (DESIGN: payments), reached from a checkout.
        path: 'sandbox/checkout/:orderId',
        element: (
          <RequireAuth>
            <SandboxCheckoutPage />
          </RequireAuth>
        ),
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
