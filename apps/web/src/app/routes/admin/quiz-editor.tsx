import { isQuizLesson } from '@skillwise/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/drawn-icons';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/spinner';
import { curriculumKeys, saveLesson, useSections } from '@/features/curriculum/api/curriculum';
import { useStaffQuiz } from '@/features/quizzes/api/quizzes';
import { QuizEditor } from '@/features/quizzes/components/quiz-editor';
import { errorMessage } from '@/lib/api-client';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';
import { coursePath, paths } from '@/lib/paths';
import { useAdminCourseId } from './course-address';

const lessonIdIn = (search: string): number | null => {
  const id = Number(new URLSearchParams(search).get('lesson'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * A quiz lesson's editor (/admin/quizEditor?id=<course>&lesson=<lesson>, docs/decisions/033), opened by
 * the curriculum's Edit on a quiz lesson: its title, settings and questions.
 */
export const QuizEditorPage = () => {
  const t = useT();
  const navigate = useNavigate();
  const { search } = useLocation();
  const courseId = useAdminCourseId();
  const lessonId = lessonIdIn(search);
  const sections = useSections(courseId ?? 0);
  const quiz = useStaffQuiz(lessonId ?? 0);
  const queryClient = useQueryClient();
  const lesson = sections.data
    ?.flatMap((section) => section.lessons)
    .find((candidate) => candidate.lesson_Id === lessonId);
  usePageTitle(lesson ? t('admin.adminRoutes.quiz.pageTitle', { title: lesson.lesson_title }) : undefined);

  const back = (
    <Button
      variant="outline"
      leftIcon={<ChevronLeftIcon className="size-4" />}
      onClick={() =>
        void navigate(
          courseId === null ? paths.admin.curriculum : coursePath(paths.admin.curriculum, courseId),
        )
      }
    >
      {t('admin.adminRoutes.curriculum.title')}
    </Button>
  );

  const body = () => {
    if (courseId === null || lessonId === null) return <Alert>{t('admin.adminRoutes.quiz.noLesson')}</Alert>;
    if (sections.isPending || quiz.isPending)
      return <LoadingBlock label={t('admin.adminRoutes.quiz.loading')} />;
    if (sections.isError)
      return <Alert>{errorMessage(sections.error, t('admin.adminRoutes.quiz.courseLoadFailed'))}</Alert>;
    if (!lesson || !isQuizLesson(lesson.contentType))
      return <Alert>{t('admin.adminRoutes.quiz.notFound')}</Alert>;
    if (quiz.isError)
      return <Alert>{errorMessage(quiz.error, t('admin.adminRoutes.quiz.loadFailed'))}</Alert>;
    return (
      <QuizEditor
        key={lesson.lesson_Id}
        lessonId={lesson.lesson_Id}
        lessonTitle={lesson.lesson_title}
        quiz={quiz.data}
        saveTitle={async (title) => {
          await saveLesson({
            lessonId: lesson.lesson_Id,
            title,
            contentType: 'quiz',
            sectionId: lesson.section_Id,
            file: null,
          });
          await queryClient.invalidateQueries({ queryKey: curriculumKeys.sections(courseId) });
        }}
      />
    );
  };

  return (
    <>
      <PageHeader
        title={t('admin.adminRoutes.quiz.title')}
        description={
          lesson
            ? t('admin.adminRoutes.quiz.descriptionOf', { title: lesson.lesson_title })
            : t('admin.adminRoutes.quiz.description')
        }
        actions={back}
      />
      {body()}
    </>
  );
};
