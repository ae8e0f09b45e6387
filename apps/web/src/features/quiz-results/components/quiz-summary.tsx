import type { QuestionKind, QuizSummary } from '@skillwise/contracts';
import { lazy, Suspense } from 'react';
import { Stat } from '@/components/ui/stat';
import { TitledCard } from '@/components/ui/titled-card';
import { formatCount } from '@/lib/format';
import { bucketText } from '../lib/quiz-results';

// The chart library is loaded with this screen's chart only, never with the rest of the app.
const ScoreChart = lazy(() => import('./score-chart'));

const KIND_TEXT: Record<QuestionKind, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True or false',
  short: 'Short answer',
  open: 'Open answer',
};

/** Attempts, students, the pass rate and the pass mark: the quiz's figures over all its students. */
export const Figures = ({ summary }: { summary: QuizSummary }) => (
  <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
    <Stat label="Attempts" value={formatCount(summary.attempts)} />
    <Stat label="Students" value={formatCount(summary.students)} />
    <Stat
      label="Pass rate"
      value={summary.pass_rate === null ? '—' : `${summary.pass_rate}%`}
      note={
        summary.graded_students === 0
          ? 'No graded attempt yet'
          : `${formatCount(summary.passed_students)} of ${formatCount(summary.graded_students)} graded students passed`
      }
    />
    <Stat label="Pass mark" value={`${summary.pass_percent}%`} />
  </section>
);

/** Students by their best score: a chart, described in words and with its figures in a table. */
export const ScoreSpread = ({ summary }: { summary: QuizSummary }) => {
  const graded = summary.score_buckets.reduce((sum, count) => sum + count, 0);
  return (
    <TitledCard title="Spread of scores" description="Students by their best graded score.">
      {graded === 0 ? (
        <p className="text-sm text-slate-500">No graded attempt yet.</p>
      ) : (
        <>
          <Suspense fallback={<div style={{ height: 220 }} />}>
            <ScoreChart buckets={summary.score_buckets} />
          </Suspense>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">
              Show the figures as a table
            </summary>
            <table className="mt-3 w-full max-w-sm text-start tabular-nums">
              <caption className="sr-only">Students by their best score</caption>
              <thead className="text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-1 pe-4 font-medium">
                    Best score
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    Students
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {summary.score_buckets.map((count, index) => (
                  <tr key={bucketText(index)}>
                    <th scope="row" className="py-1 pe-4 font-normal text-slate-600">
                      {bucketText(index)}
                    </th>
                    <td className="py-1 text-end">{formatCount(count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </TitledCard>
  );
};

/** The questions whose graded answers earned full points least often. */
export const HardestQuestions = ({ summary }: { summary: QuizSummary }) => (
  <TitledCard title="Hardest questions" description="The questions answered with full points least often.">
    {summary.hardest.length === 0 ? (
      <p className="text-sm text-slate-500">No graded answer yet.</p>
    ) : (
      <ol className="flex flex-col divide-y divide-slate-100">
        {summary.hardest.map((question) => (
          <li
            key={`${question.kind}:${question.text}`}
            className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
          >
            <div className="min-w-0">
              <p className="font-medium break-words whitespace-pre-line text-slate-900">{question.text}</p>
              <p className="text-xs text-slate-500">{KIND_TEXT[question.kind]}</p>
            </div>
            <p className="shrink-0 text-sm text-slate-600 tabular-nums">
              <span className="font-semibold text-slate-900">{question.full_percent}%</span> full points (
              {formatCount(question.full_points)} of {formatCount(question.answers)})
            </p>
          </li>
        ))}
      </ol>
    )}
  </TitledCard>
);
