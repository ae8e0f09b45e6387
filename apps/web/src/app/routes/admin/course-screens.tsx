import { PAGE_SIZE_MAX } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BookIcon, ChevronLeftIcon, EyeIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { useAuthors } from '@/features/authors/api/authors';
import { AddAuthorModal, EditAuthorModal } from '@/features/authors/components/author-form';
import { useCategories, useCategory } from '@/features/categories/api/categories';
import { CreateCategoryModal } from '@/features/categories/components/create-category';
import { CourseCertificates } from '@/features/certificates/components/course-certificates';
import { useAdminCourse } from '@/features/courses/api/course-admin';
import { courseKeys } from '@/features/courses/api/courses';
import { AdminCourseDetails } from '@/features/courses/components/admin-course-details';
import { CourseForm } from '@/features/courses/components/course-form';
import { CoursePublishButton, useCourseTitle } from '@/features/courses/components/course-publish-button';
import { OrganisationCourses } from '@/features/courses/components/organisation-courses';
import { curriculumKeys } from '@/features/curriculum/api/curriculum';
import { ReviewsModeration } from '@/features/reviews/components/reviews-moderation';
import { useRoleAllows } from '@/features/team/api/team';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { useDebouncedValue } from '@/lib/paging';
import { coursePath, paths, quizEditorPath } from '@/lib/paths';
import { storage } from '@/lib/storage';
import { useAdminSection } from './admin-layout';
import { useAdminCourseId } from './course-address';

// The curriculum editor (drag and drop, uploads) is loaded when opened, not with every page.
const Curriculum = lazy(() =>
  import('@/features/curriculum/components/curriculum').then((module) => ({ default: module.Curriculum })),
);

/** SPEC §2.13 My Course, the default screen (also /admin/previousCourses). */
export const MyCourseScreen = () => {
  const t = useT();
  const navigate = useNavigate();
  const { selectSection } = useAdminSection();
  // An instructor's list holds the courses they make or are given (docs/decisions/039).
  const everyCourse = useRoleAllows('staff');
  return (
    <>
      <PageHeader
        title={t('admin.adminRoutes.myCourse.title')}
        description={
          everyCourse
            ? t('admin.adminRoutes.myCourse.everyCourse')
            : t('admin.adminRoutes.myCourse.yourCourses')
        }
        actions={
          <Button onClick={() => selectSection('courses')}>{t('admin.adminRoutes.myCourse.create')}</Button>
        }
      />
      <OrganisationCourses
        onCreateCourse={() => selectSection('courses')}
        onSeeDetails={(courseId) => {
          storage.set('courseId', courseId);
          void navigate(coursePath(paths.admin.courseDetails, courseId));
        }}
      />
    </>
  );
};

/** A picker's page of options: the largest page a list call answers, searched on the server past it. */
const usePickerSearch = () => {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim());
  return { text, setText, paging: { page: 1, pageSize: PAGE_SIZE_MAX, search } };
};

/**
 * SPEC §2.13 / §4 course form: 'Create New Course' for /admin/createCourse, 'Update Existing' for the
 * course its address names (?id=); a stored course id alone never turns the form into an edit
 * (docs/decisions/016-admin-addresses.md). Every arrival starts afresh, also one at the same address
 * (Create New Course followed again). Saving stores the course id and opens the course's admin view.
 */
export const CourseFormScreen = () => {
  const { key } = useLocation();
  return <CourseFormContent key={key} />;
};

/** The course form's screen; the route brings the category and author lists and modals. */
const CourseFormContent = () => {
  const t = useT();
  const navigate = useNavigate();
  const { selectSection } = useAdminSection();
  const courseId = useAdminCourseId({ addressOnly: true });
  const categorySearch = usePickerSearch();
  const authorSearch = usePickerSearch();
  const categories = useCategories(categorySearch.paging);
  const authors = useAuthors(authorSearch.paging);
  // Editing a course whose category is not on the page of options: fetch that one category by id, so
  // the select still names it (the course form loads the same course; the answer is shared).
  const course = useAdminCourse(courseId);
  const categoryId = course.data?.category_Id ?? null;
  const currentCategory = useCategory(
    categoryId,
    categories.isSuccess && !categories.data.rows.some((category) => category.category_Id === categoryId),
  );
  usePageTitle(
    course.data && t('admin.adminRoutes.courseForm.pageTitle', { title: course.data.course_title }),
  );

  return (
    <>
      <PageHeader
        title={t('admin.adminRoutes.courseForm.title')}
        description={
          courseId === null
            ? t('admin.adminRoutes.courseForm.newDescription')
            : t('admin.adminRoutes.courseForm.editDescription')
        }
      />
      <CourseForm
        courseId={courseId}
        categories={{
          items: categories.data?.rows ?? [],
          isLoading: categories.isPending,
          error: categories.error,
          total: categories.data?.total,
          searchText: categorySearch.text,
          onSearch: categorySearch.setText,
        }}
        authors={{
          items: authors.data?.rows ?? [],
          isLoading: authors.isPending,
          error: authors.error,
          total: authors.data?.total,
          searchText: authorSearch.text,
          onSearch: authorSearch.setText,
        }}
        currentCategory={currentCategory.data}
        CreateCategoryDialog={CreateCategoryModal}
        AddAuthorDialog={AddAuthorModal}
        onSaved={(course) => {
          storage.set('courseId', course.course_Id);
          // The saved form is not a step to go Back to: the course's view takes its place.
          void navigate(coursePath(paths.admin.courseDetails, course.course_Id), { replace: true });
        }}
        onCancel={() =>
          courseId === null
            ? selectSection('dashboard')
            : void navigate(coursePath(paths.admin.courseDetails, courseId))
        }
      />
    </>
  );
};

/** The publisher's preview of a course (SPEC §2.1 previewCourse). */
export const previewPath = (courseId: number) => coursePath(paths.admin.previewCourse, courseId);

/**
 * SPEC §2.13 Admin Course Details (See Details, or after saving the course form); Edit Authors edits the
 * course's author, and the course can be previewed as its students will see it.
 */
export const AdminCourseDetailsPage = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { selectSection } = useAdminSection();
  const courseId = useAdminCourseId();
  const [editingAuthorId, setEditingAuthorId] = useState<number | null>(null);
  // The same answer the details below show (shared query): whether the course gives a certificate.
  const course = useAdminCourse(courseId);
  usePageTitle(course.data?.course_title);
  // Moderating reviews is the owners' and admins' (docs/decisions/039).
  const mayModerate = useRoleAllows('staff');
  const open = (path: string) => (courseId === null ? undefined : void navigate(coursePath(path, courseId)));
  return (
    <>
      <AdminCourseDetails
        courseId={courseId}
        onBack={() => selectSection('dashboard')}
        onOpenCurriculum={() => open(paths.admin.curriculum)}
        onEditCourse={() => open(paths.admin.createCourse)}
        onPreview={() => (courseId === null ? undefined : void navigate(previewPath(courseId)))}
        onEditAuthor={setEditingAuthorId}
      />
      {courseId === null || !mayModerate ? null : (
        <div className="mt-6">
          <ReviewsModeration courseId={courseId} />
        </div>
      )}
      {courseId === null || course.isError ? null : (
        <div className="mt-6">
          <CourseCertificates courseId={courseId} givesCertificate={course.data?.certificate} />
        </div>
      )}
      <EditAuthorModal
        authorId={editingAuthorId}
        onClose={() => setEditingAuthorId(null)}
        // The course shows the author's name, bio and photo: fetch it (and every course list) afresh.
        onUpdated={() => void queryClient.invalidateQueries({ queryKey: courseKeys.all })}
      />
    </>
  );
};

/** SPEC §2.13 Curriculum of the course the address names (else the stored one), with its Publish. */
export const CurriculumPage = () => {
  const t = useT();
  const navigate = useNavigate();
  const { selectSection } = useAdminSection();
  const courseId = useAdminCourseId();
  const title = useCourseTitle(courseId);
  usePageTitle(title && t('admin.adminRoutes.curriculum.pageTitle', { title }));
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader
        title={t('admin.adminRoutes.curriculum.title')}
        description={
          title
            ? t('admin.adminRoutes.curriculum.descriptionOf', { title })
            : t('admin.adminRoutes.curriculum.description')
        }
        actions={
          <>
            <Button
              variant="outline"
              leftIcon={<ChevronLeftIcon className="size-4" />}
              onClick={() =>
                void navigate(
                  courseId === null
                    ? paths.admin.courseDetails
                    : coursePath(paths.admin.courseDetails, courseId),
                )
              }
            >
              {t('admin.adminRoutes.courseDetails')}
            </Button>
            {courseId !== null ? (
              <Button
                variant="outline"
                leftIcon={<EyeIcon className="size-4" />}
                onClick={() => void navigate(previewPath(courseId))}
              >
                {t('admin.adminRoutes.curriculum.preview')}
              </Button>
            ) : null}
            {courseId !== null ? (
              <CoursePublishButton
                courseId={courseId}
                // Its sections and lessons were published with it: the curriculum below shows them so.
                onContentsPublished={() =>
                  void queryClient.invalidateQueries({ queryKey: curriculumKeys.sections(courseId) })
                }
              />
            ) : null}
          </>
        }
      />
      {courseId === null ? (
        <EmptyState
          icon={<BookIcon />}
          title={t('admin.adminRoutes.noCourse')}
          hint={t('admin.adminRoutes.curriculum.noCourseHint')}
          action={
            <Button variant="outline" onClick={() => selectSection('dashboard')}>
              {t('admin.adminRoutes.goToMyCourse')}
            </Button>
          }
        />
      ) : (
        <Suspense fallback={<LoadingBlock label={t('admin.adminRoutes.curriculum.loading')} />}>
          <Curriculum
            courseId={courseId}
            onEditQuiz={(lesson) => void navigate(quizEditorPath(courseId, lesson.lesson_Id))}
          />
        </Suspense>
      )}
    </>
  );
};
