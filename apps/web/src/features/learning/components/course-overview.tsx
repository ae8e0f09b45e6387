import type { Section } from '@skillwise/contracts';
import { Card, CardTitle } from '@/components/ui/card';
import { CheckIcon } from '@/components/ui/drawn-icons';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { type LearningCourse, overviewOf } from '../lib/overview';

/** Under an opened lesson: the course's title and whole description. */
export const AboutCourse = ({ course }: { course: LearningCourse }) => {
  const t = useT();
  return (
    <Card className="p-6">
      <CardTitle>{t('learning.learning.about')}</CardTitle>
      <h3 className="mt-3 font-semibold break-words text-slate-800">{course.course_title}</h3>
      <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-slate-600">
        {course.course_description}
      </p>
    </Card>
  );
};

/** SPEC §2.12: before a lesson is opened, what the course includes and the lists every course shows. */
export const CourseOverview = ({ course, sections }: { course: LearningCourse; sections: Section[] }) => {
  const t = useT();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {overviewOf(course, sections).map((list, index) => (
        <Card key={list.title} className={cn('p-6', index === 0 && 'md:col-span-2')}>
          <CardTitle>{t(list.title)}</CardTitle>
          <ul className={cn('mt-4 grid gap-2.5 text-sm text-slate-600', index === 0 && 'sm:grid-cols-2')}>
            {list.items.map((item) => (
              <li key={item} className="flex items-start gap-2.5">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                {t(item)}
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
};
