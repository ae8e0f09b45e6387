import type { SchoolSite } from '@skillwise/contracts';
import { lazy, Suspense, useCallback } from 'react';
import { Link, Outlet, useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { AuthCard } from '@/components/layouts/auth-layout';
import { wayBack } from '@/components/layouts/site-header';
import { buttonClassName } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock, PageLoading } from '@/components/ui/spinner';
import { useCourseDetails } from '@/features/courses/api/courses';
import { CourseCatalogue } from '@/features/courses/components/course-catalogue';
import { parseCourseId } from '@/features/courses/hooks/use-select-course';
import { useSchoolSite } from '@/features/school-sites/api/school-sites';
import { SchoolHeader, SchoolHero, SchoolThemed } from '@/features/school-sites/components/school-site-view';
import { schoolOfDomain, schoolSitePaths } from '@/features/school-sites/lib/school-site';
import { loadNamespaces } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { useUrlListState } from '@/lib/paging';
import { paths } from '@/lib/paths';
import { withNext } from '@/lib/return-to';
import { storedSession } from '@/lib/storage';
import { NotFoundPage } from '../not-found';
import { CourseDetailScreen } from './course-detail';

/**
 * The student sign-up form, with its texts: they are the sign-in screens' (the `auth` catalogue), which a
 * school's site does not load otherwise.
 */
const RegisterForm = lazy(() =>
  Promise.all([import('@/features/auth/components/register-form'), loadNamespaces(['auth'])]).then(
    ([module]) => ({ default: module.RegisterForm }),
  ),
);

type SchoolContext = { site: SchoolSite; links: ReturnType<typeof schoolSitePaths> };

/** The school a page shows: its address's (/s/{slug}), or the one whose own domain this is. */
const useSchoolSlug = (): string => {
  const { school } = useParams();
  return (school ?? schoolOfDomain() ?? '').toLowerCase();
};

/**
 * A school's own site (docs/decisions/040): its header, its pages in its colours, and a plain footer
 * saying whose platform it is. An unknown school is a page not found.
 */
export const SchoolSiteLayout = () => {
  const t = useT();
  const { pathname } = useLocation();
  const slug = useSchoolSlug();
  const site = useSchoolSite(slug);
  const session = storedSession();
  if (site.isPending) return <PageLoading />;
  if (site.error) {
    const status = (site.error as { status?: number }).status;
    if (status === 404) return <NotFoundPage />;
    return <LoadError message={t('site.siteRoutes.school.loadError')} onRetry={() => void site.refetch()} />;
  }
  const links = schoolSitePaths(site.data.slug, schoolOfDomain() !== null);
  const context: SchoolContext = { site: site.data, links };
  return (
    <SchoolThemed color={site.data.primary_color} className="flex min-h-dvh flex-col">
      <SchoolHeader
        site={site.data}
        links={{ home: links.home, signUp: links.signUp, login: withNext(paths.login, links.returnTo) }}
        account={
          session ? (
            <Link to={wayBack(session).to} className={buttonClassName({ size: 'sm' })}>
              {t(wayBack(session).label)}
            </Link>
          ) : undefined
        }
      />
      <main className="flex flex-1 flex-col">
        {/* A boundary per page, as the public pages' (site-layout.tsx). */}
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Outlet context={context} />
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <p className="mx-auto w-full max-w-7xl px-4 py-6 text-sm text-slate-600 sm:px-6 lg:px-8">
          {t('site.siteRoutes.school.footer', {
            year: String(new Date().getFullYear()),
            name: site.data.name,
          })}
        </p>
      </footer>
    </SchoolThemed>
  );
};

const useSchool = () => useOutletContext<SchoolContext>();

/** The school's home: its name, headline and about text, then its own catalogue, searched and paged. */
export const SchoolHomePage = () => {
  const t = useT();
  const { site, links } = useSchool();
  const list = useUrlListState();
  const navigate = useNavigate();
  usePageTitle(site.name);
  const onSelect = useCallback(
    (courseId: number) => void navigate(links.course(courseId)),
    [navigate, links],
  );
  return (
    <>
      <SchoolHero site={site} />
      <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <h2 className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
          {t('site.siteRoutes.school.courses')}
        </h2>
        <CourseCatalogue list={list} school={site.slug} onSelect={onSelect} />
      </div>
    </>
  );
};

/** One of the school's courses, on the public course page in the school's colours. */
export const SchoolCoursePage = () => {
  const t = useT();
  const { site, links } = useSchool();
  const { courseId: raw } = useParams();
  const courseId = parseCourseId(raw ?? null);
  const course = useCourseDetails(courseId);
  // The page's name until the course's own is known (CourseDetailScreen names it then).
  usePageTitle(course.data?.course_title ?? t('site.siteRoutes.course.pageTitle'));
  if (courseId === null || (course.data && course.data.org_Id !== site.org_id)) {
    return <NotFoundPage homePath={links.home} />;
  }
  if (course.isPending) return <LoadingBlock label={t('site.siteRoutes.course.loading')} />;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <CourseDetailScreen courseId={courseId} browsePath={links.home} />
    </div>
  );
};

/** The school's sign-up: the student sign-up, after which the student comes back to this site. */
export const SchoolSignUpPage = () => {
  const t = useT();
  const { site, links } = useSchool();
  usePageTitle(t('site.siteRoutes.school.signUpTitle', { name: site.name }));
  return (
    <div className="flex flex-1 flex-col items-center bg-slate-50 px-4 py-10 sm:px-6">
      <AuthCard
        title={t('site.siteRoutes.school.join', { name: site.name })}
        description={t('site.siteRoutes.school.joinText')}
      >
        <Suspense fallback={<LoadingBlock label={t('site.siteRoutes.school.loadingForm')} />}>
          <RegisterForm returnTo={links.returnTo} />
        </Suspense>
      </AuthCard>
      <Link to={links.home} className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'mt-6' })}>
        {t('site.siteRoutes.school.back', { name: site.name })}
      </Link>
    </div>
  );
};
