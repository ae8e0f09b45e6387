import type { QuestionKind, QuizSummary } from '@skillwise/contracts';
import { lazy, Suspense } from 'react';
import { Stat } from '@/components/ui/stat';
import { TitledCard } from '@/components/ui/titled-card';
import { formatCount, numberFormat } from '@/lib/format';
import type { MessageId } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { bucketText } from '../lib/quiz-results';

// The chart library is loaded with this screen's chart only, never with the rest of the app.
const ScoreChart = lazy(() => import('./score-chart'));

const KIND_TEXT: Record<QuestionKind, MessageId> = {
  single: 'admin.quizResults.kind.single',
  multiple: 'admin.quizResults.kind.multiple',
  true_false: 'admin.quizResults.kind.trueFalse',
  short: 'admin.quizResults.kind.short',
  open: 'admin.quizResults.kind.open',
};

/** A whole percent as the reader writes it: `70%`. */
const percentText = (percent: number) => numberFormat({ style: 'percent' }).format(percent / 100);

/** Attempts, students, the pass rate and the pass mark: the quiz's figures over all its students. */
export const Figures = ({ summary }: { summary: QuizSummary }) => {
  const t = useT();
  return (
    <section
      aria-label={t('admin.quizResults.figures')}
      className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
    >
      <Stat label={t('admin.quizResults.attempts')} value={formatCount(summary.attempts)} />
      <Stat label={t('admin.quizResults.students')} value={formatCount(summary.students)} />
      <Stat
        label={t('admin.quizResults.passRate')}
        value={summary.pass_rate === null ? '—' : percentText(summary.pass_rate)}
        note={
          summary.graded_students === 0
            ? t('admin.quizResults.noGradedAttempt')
            : t('admin.quizResults.passedOfGraded', {
                passed: formatCount(summary.passed_students),
                graded: formatCount(summary.graded_students),
              })
        }
      />
      <Stat label={t('admin.quizResults.passMark')} value={percentText(summary.pass_percent)} />
    </section>
  );
};

/** Students by their best score: a chart, described in words and with its figures in a table. */
export const ScoreSpread = ({ summary }: { summary: QuizSummary }) => {
  const t = useT();
  const graded = summary.score_buckets.reduce((sum, count) => sum + count, 0);
  return (
    <TitledCard title={t('admin.quizResults.spread')} description={t('admin.quizResults.spreadHint')}>
      {graded === 0 ? (
        <p className="text-sm text-slate-500">{t('admin.quizResults.noGradedAttemptDot')}</p>
      ) : (
        <>
          <Suspense fallback={<div style={{ height: 220 }} />}>
            <ScoreChart buckets={summary.score_buckets} />
          </Suspense>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">
              {t('admin.quizResults.showTable')}
            </summary>
            <table className="mt-3 w-full max-w-sm text-start tabular-nums">
              <caption className="sr-only">{t('admin.quizResults.byBestScore')}</caption>
              <thead className="text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-1 pe-4 font-medium">
                    {t('admin.quizResults.bestScore')}
                  </th>
                  <th scope="col" className="py-1 text-end font-medium">
                    {t('admin.quizResults.students')}
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
export const HardestQuestions = ({ summary }: { summary: QuizSummary }) => {
  const t = useT();
  return (
    <TitledCard title={t('admin.quizResults.hardest')} description={t('admin.quizResults.hardestHint')}>
      {summary.hardest.length === 0 ? (
        <p className="text-sm text-slate-500">{t('admin.quizResults.noGradedAnswer')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-slate-100">
          {summary.hardest.map((question) => (
            <li
              key={`${question.kind}:${question.text}`}
              className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between sm:gap-6"
            >
              <div className="min-w-0">
                <p className="font-medium break-words whitespace-pre-line text-slate-900">{question.text}</p>
                <p className="text-xs text-slate-500">{t(KIND_TEXT[question.kind])}</p>
              </div>
              <p className="shrink-0 text-sm text-slate-600 tabular-nums">
                <T
                  id="admin.quizResults.fullPoints"
                  values={{
                    percent: percentText(question.full_percent),
                    full: formatCount(question.full_points),
                    answers: formatCount(question.answers),
                  }}
                  components={{ 0: <span className="font-semibold text-slate-900" /> }}
                />
              </p>
            </li>
          ))}
        </ol>
      )}
    </TitledCard>
  );
};
