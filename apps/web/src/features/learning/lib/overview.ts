import { lessonKind, type Section } from '@skillwise/contracts';

/** What the course view shows of the course itself. */
export type LearningCourse = {
  course_title: string;
  course_description: string;
  course_image: string | null;
  /** Whether completing the course earns a certificate. */
  certificate: boolean;
};

export type OverviewList = { title: string; items: string[] };

/** SPEC §2.12: the lists shown before a lesson is opened that say the same for every course. */
const STATIC_OVERVIEW: OverviewList[] = [
  {
    title: 'What You Will Learn',
    items: [
      'The core ideas of the subject, explained step by step',
      'Practical techniques you can apply straight away',
      'How to practise on your own and keep improving',
      'The confidence to take on the next level',
    ],
  },
  {
    title: 'Requirements',
    items: [
      'No prior experience is needed',
      'A computer, tablet or phone with an internet connection',
      'Curiosity and a little time each week',
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
    kinds.has('video') ? 'On-demand video lessons' : null,
    kinds.has('pdf') ? 'Downloadable PDF resources' : null,
    'Full lifetime access',
    'Access on mobile and desktop',
    course.certificate ? 'Certificate of completion' : null,
  ].filter((item): item is string => item !== null);
  return [{ title: 'This Course Includes', items: includes }, ...STATIC_OVERVIEW];
};
