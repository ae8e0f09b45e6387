import { PageHeader } from '@/components/ui/page-header';
import { SampleLessons } from '@/features/learning/components/sample-lessons';
import { useT } from '@/lib/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

/** SPEC §2.12 lesson viewer (coursePage): a static sample list of lessons with a viewer. */
export const CoursePage = () => {
  const t = useT();
  usePageTitle(t('learning.learningRoutes.coursePage.pageTitle'));
  return (
    <>
      <PageHeader
        title={t('learning.learningRoutes.coursePage.title')}
        description={t('learning.learningRoutes.coursePage.description')}
      />
      <SampleLessons />
    </>
  );
};
