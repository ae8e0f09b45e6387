import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import {
  AwardIcon,
  BookIcon,
  ChartIcon,
  CheckIcon,
  ClockIcon,
  InfinityIcon,
  UsersIcon,
} from '@/components/ui/drawn-icons';
import { SectionHeading } from '@/components/ui/page-header';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

const LEARNER_FEATURES: Array<{ icon: ReactNode; title: MessageId; text: MessageId }> = [
  { icon: <ClockIcon />, title: 'site.marketing.pace', text: 'site.marketing.paceText' },
  { icon: <UsersIcon />, title: 'site.marketing.teachers', text: 'site.marketing.teachersText' },
  { icon: <AwardIcon />, title: 'site.marketing.certificates', text: 'site.marketing.certificatesText' },
  { icon: <InfinityIcon />, title: 'site.marketing.lifetime', text: 'site.marketing.lifetimeText' },
];

const PUBLISHER_POINTS: MessageId[] = [
  'site.marketing.point.build',
  'site.marketing.point.organise',
  'site.marketing.point.sell',
  'site.marketing.point.follow',
];

export const LearnerFeatures = () => {
  const t = useT();
  return (
    <section aria-labelledby="why-skillwise" className="bg-white py-16 lg:py-24">
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <SectionHeading
            id="why-skillwise"
            eyebrow={t('site.marketing.why')}
            title={t('site.marketing.whyTitle')}
            text={t('site.marketing.whyText')}
          />
        </div>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {LEARNER_FEATURES.map((feature) => (
            <div
              key={feature.title}
              className="rounded-2xl border border-slate-200/80 bg-slate-50/60 p-6 transition hover:border-brand-200 hover:bg-white hover:shadow-card"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-600 text-xl text-white shadow-sm">
                {feature.icon}
              </span>
              <h3 className="mt-5 font-semibold text-slate-900">{t(feature.title)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(feature.text)}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
};

/** The school's tools, each named for what it does. A picture of the app, with no figure in it. */
const TOOLS: Array<{ icon: ReactNode; label: MessageId; text: MessageId }> = [
  { icon: <BookIcon />, label: 'site.marketing.tool.courses', text: 'site.marketing.tool.coursesText' },
  { icon: <UsersIcon />, label: 'site.marketing.tool.students', text: 'site.marketing.tool.studentsText' },
  { icon: <ChartIcon />, label: 'site.marketing.tool.sales', text: 'site.marketing.tool.salesText' },
];

const LESSONS: Array<{ title: MessageId; kind: MessageId; preview?: boolean }> = [
  { title: 'site.marketing.lesson.welcome', kind: 'site.marketing.lesson.video', preview: true },
  { title: 'site.marketing.lesson.guide', kind: 'site.marketing.lesson.pdf' },
  { title: 'site.marketing.lesson.exercise', kind: 'site.marketing.lesson.text' },
];

const DashboardPreview = () => {
  const t = useT();
  return (
    <div
      aria-hidden="true"
      className="min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-raised sm:p-6"
    >
      <p className="font-semibold text-slate-900">{t('site.marketing.yourSchool')}</p>
      <div className="mt-5 grid grid-cols-3 gap-2 sm:gap-3">
        {TOOLS.map((tool) => (
          <div key={tool.label} className="min-w-0 rounded-xl bg-slate-50 p-2.5 sm:p-3">
            <span className="text-lg text-brand-600">{tool.icon}</span>
            <p className="mt-1 truncate text-sm font-semibold text-slate-900">{t(tool.label)}</p>
            <p className="text-xs break-words text-slate-500">{t(tool.text)}</p>
          </div>
        ))}
      </div>
      <div className="mt-5 rounded-xl border border-slate-200">
        <p className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-900">
          {t('site.marketing.section')}
        </p>
        <ul className="divide-y divide-slate-100">
          {LESSONS.map((lesson) => (
            <li
              key={lesson.title}
              className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm sm:px-4"
            >
              <span className="min-w-0 truncate text-slate-700">{t(lesson.title)}</span>
              <span className="flex shrink-0 items-center gap-2">
                {lesson.preview ? (
                  <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
                    {t('site.marketing.lesson.preview')}
                  </span>
                ) : null}
                <span className="text-xs text-slate-500">{t(lesson.kind)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
};

export const PublisherFeatures = () => {
  const t = useT();
  return (
    <section aria-labelledby="for-publishers" className="bg-slate-50 py-16 lg:py-24">
      <div className="mx-auto grid w-full max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div className="min-w-0">
          <SectionHeading
            id="for-publishers"
            eyebrow={t('site.marketing.forSchools')}
            title={t('site.marketing.forSchoolsTitle')}
            text={t('site.marketing.forSchoolsText')}
          />
          <ul className="mt-6 flex flex-col gap-3">
            {PUBLISHER_POINTS.map((point) => (
              <li key={point} className="flex items-start gap-3 text-slate-700">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                  <CheckIcon className="size-3.5" />
                </span>
                {t(point)}
              </li>
            ))}
          </ul>
          <Link to={paths.registerOrg} className={buttonClassName({ size: 'lg', className: 'mt-8' })}>
            {t('site.marketing.startTeaching')}
          </Link>
        </div>
        <DashboardPreview />
      </div>
    </section>
  );
};
