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
import { paths } from '@/lib/paths';

const LEARNER_FEATURES: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <ClockIcon />,
    title: 'Learn at your own pace',
    text: 'Short video and reading lessons that fit around work, family and everything else.',
  },
  {
    icon: <UsersIcon />,
    title: 'Know who teaches you',
    text: 'Every course page shows its author, their background and the whole curriculum before you enrol.',
  },
  {
    icon: <AwardIcon />,
    title: 'Earn certificates',
    text: 'Finish a course that gives one and get a certificate anyone can check on its public page.',
  },
  {
    icon: <InfinityIcon />,
    title: 'Lifetime access',
    text: 'Pay once and keep every lesson, including the updates authors add later.',
  },
];

const PUBLISHER_POINTS = [
  'Build courses from video, PDF, audio and text lessons',
  'Organise them in sections, preview lessons for free',
  'Sell with card payments and enrol students yourself',
  'Follow enrolments and sales from one dashboard',
];

export const LearnerFeatures = () => (
  <section aria-labelledby="why-skillwise" className="bg-white py-16 lg:py-24">
    <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Why Skillwise</p>
        <h2 id="why-skillwise" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
          Everything you need to keep learning
        </h2>
        <p className="mt-3 text-slate-600">
          A calm place to learn: no clutter, no distractions, just good courses and a clear path through them.
        </p>
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
            <h3 className="mt-5 font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.text}</p>
          </div>
        ))}
      </div>
    </div>
  </section>
);

/** The school's tools, each named for what it does. A picture of the app, with no figure in it. */
const TOOLS: Array<{ icon: ReactNode; label: string; text: string }> = [
  { icon: <BookIcon />, label: 'Courses', text: 'Build and publish' },
  { icon: <UsersIcon />, label: 'Students', text: 'Add and enrol' },
  { icon: <ChartIcon />, label: 'Sales', text: 'Card payments' },
];

const LESSONS: Array<{ title: string; kind: string; preview?: boolean }> = [
  { title: 'Welcome to the course', kind: 'Video', preview: true },
  { title: 'Course guide', kind: 'PDF' },
  { title: 'Your first exercise', kind: 'Text' },
];

const DashboardPreview = () => (
  <div
    aria-hidden="true"
    className="min-w-0 rounded-3xl border border-slate-200 bg-white p-4 shadow-raised sm:p-6"
  >
    <p className="font-semibold text-slate-900">Your school</p>
    <div className="mt-5 grid grid-cols-3 gap-2 sm:gap-3">
      {TOOLS.map((tool) => (
        <div key={tool.label} className="min-w-0 rounded-xl bg-slate-50 p-2.5 sm:p-3">
          <span className="text-lg text-brand-600">{tool.icon}</span>
          <p className="mt-1 truncate text-sm font-semibold text-slate-900">{tool.label}</p>
          <p className="text-xs break-words text-slate-500">{tool.text}</p>
        </div>
      ))}
    </div>
    <div className="mt-5 rounded-xl border border-slate-200">
      <p className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-900">
        Section 1 · Getting started
      </p>
      <ul className="divide-y divide-slate-100">
        {LESSONS.map((lesson) => (
          <li
            key={lesson.title}
            className="flex items-center justify-between gap-3 px-3 py-2.5 text-sm sm:px-4"
          >
            <span className="min-w-0 truncate text-slate-700">{lesson.title}</span>
            <span className="flex shrink-0 items-center gap-2">
              {lesson.preview ? (
                <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700">
                  Preview
                </span>
              ) : null}
              <span className="text-xs text-slate-500">{lesson.kind}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  </div>
);

export const PublisherFeatures = () => (
  <section aria-labelledby="for-publishers" className="bg-slate-50 py-16 lg:py-24">
    <div className="mx-auto grid w-full max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
      <div className="min-w-0">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">
          For schools and creators
        </p>
        <h2 id="for-publishers" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
          Publish your courses and grow your school
        </h2>
        <p className="mt-3 text-slate-600">
          Bring your authors, your categories and your lessons together, and sell them to learners everywhere.
        </p>
        <ul className="mt-6 flex flex-col gap-3">
          {PUBLISHER_POINTS.map((point) => (
            <li key={point} className="flex items-start gap-3 text-slate-700">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                <CheckIcon className="size-3.5" />
              </span>
              {point}
            </li>
          ))}
        </ul>
        <Link to={paths.registerOrg} className={buttonClassName({ size: 'lg', className: 'mt-8' })}>
          Start teaching
        </Link>
      </div>
      <DashboardPreview />
    </div>
  </section>
);
