import { PageHeader } from '@/components/ui/page-header';
import { SampleLessons } from '@/features/learning/components/sample-lessons';

/** SPEC §2.12 lesson viewer (coursePage): a static sample list of lessons with a viewer. */
export const CoursePage = () => (
  <>
    <PageHeader title="Lesson viewer" description="Sample lessons showing how videos, PDFs and audio open." />
    <SampleLessons />
  </>
);
