import { Screen } from '@/components/ui/page-header';
import { SampleLessons } from '@/features/learning/components/sample-lessons';

/** SPEC §2.12 lesson viewer (coursePage): a static sample list of lessons with a viewer. */
export const CoursePage = () => (
  <Screen texts="learning.learningRoutes.coursePage">
    <SampleLessons />
  </Screen>
);
