import { lessonKind, type Section } from '@skillwise/contracts';
import type { MessageId } from '@/lib/i18n/i18n';

/** What the course view shows of the course itself. */
export type LearningCourse = {
  course_title: string;
  course_description: string;
  course_image: string | null;
  /** Whether completing the course earns a certificate. */
  certificate: boolean;
};

/** A list's title and items, as catalogue keys. */
export type OverviewList = { title: MessageId; items: MessageId[] };

/** SPEC §2.12: the lists shown before a lesson is opened that say the same for every course. */
const STATIC_OVERVIEW: OverviewList[] = [
  {
    title: 'learning.learning.overview.learn',
    items: [
      'learning.learning.overview.learn1',
      'learning.learning.overview.learn2',
      'learning.learning.overview.learn3',
      'learning.learning.overview.learn4',
    ],
  },
  {
    title: 'learning.learning.overview.requirements',
    items: [
      'learning.learning.overview.requirement1',
      'learning.learning.overview.requirement2',
      'learning.learning.overview.requirement3',
    ],
  },
];

/**
 * SPEC §2.12: the lists shown before a lesson is opened. What the course includes is only what it has
 * (DESIGN decision 13): video lessons when it has some, PDFs when it has some, a certificate when it
 * gives one.
 */
export const overviewOf = (course: LearningCourse, sections: Section[]): OverviewList[] => {
  const kinds = new Set(
    sections.flatMap((section) => section.lessons.map((lesson) => lessonKind(lesson.contentType))),
  );
  const includes = [
    kinds.has('video') ? 'learning.learning.overview.video' : null,
    kinds.has('pdf') ? 'learning.learning.overview.pdf' : null,
    'learning.learning.overview.lifetime',
    'learning.learning.overview.devices',
    course.certificate ? 'learning.learning.overview.certificate' : null,
  ].filter((item): item is MessageId => item !== null);
  return [{ title: 'learning.learning.overview.includes', items: includes }, ...STATIC_OVERVIEW];
};
