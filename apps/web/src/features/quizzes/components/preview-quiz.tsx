import type { PreviewResult } from '@skillwise/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount, numberFormat } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { checkPreviewQuiz, usePreviewQuiz } from '../api/quizzes';
import { useTopInView } from '../hooks/use-top-in-view';
import { QuizIntro } from './quiz-intro';
import { QuizPlayer } from './quiz-player';
import { answerList } from './quiz-questions';
import { QuizResult } from './quiz-result';

type View = { kind: 'intro' } | { kind: 'taking'; round: number } | { kind: 'result'; result: PreviewResult };

/**
 * A preview quiz as anyone may try it, signed in or not (docs/decisions/033): the same player and result
 * as a student's attempt, graded by quizzes/CheckPreviewQuiz with nothing stored. No time limit and no
 * limit of attempts apply.
 */
export const PreviewQuizLesson = ({ lessonId }: { lessonId: number }) => {
  const t = useT();
  const quiz = usePreviewQuiz(lessonId);
  const [view, setView] = useState<View>({ kind: 'intro' });
  const [round, setRound] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const top = useTopInView<HTMLDivElement>(view.kind === 'taking' ? `taking-${view.round}` : view.kind);

  if (quiz.isPending) return <LoadingBlock label={t('site.quizzes.loading')} />;
  if (quiz.isError) {
    return (
      <LoadError
        message={errorMessage(quiz.error, t('site.quizzes.loadFailed'))}
        onRetry={() => void quiz.refetch()}
        size="sm"
      />
    );
  }
  const data = quiz.data;
  const start = () => {
    setFailure(null);
    setRound((n) => n + 1);
    setView({ kind: 'taking', round: round + 1 });
  };

  if (view.kind === 'taking') {
    return (
      <div ref={top} className="flex scroll-mt-24 flex-col gap-4">
        {failure ? <Alert>{failure}</Alert> : null}
        <QuizPlayer
          key={view.round}
          questions={data.questions}
          idPrefix={`preview-${lessonId}-${view.round}`}
          onSubmit={async (answers) => {
            setFailure(null);
            try {
              const result = await checkPreviewQuiz({
                lesson_Id: lessonId,
                answers: answerList(data.questions, answers),
              });
              setView({ kind: 'result', result });
            } catch (error) {
              setFailure(errorMessage(error, t('site.quizzes.checkFailed')));
            }
          }}
        />
      </div>
    );
  }

  if (view.kind === 'result') {
    return (
      <div ref={top} className="flex scroll-mt-24 flex-col gap-4">
        <QuizResult outcome={view.result} passPercent={data.pass_percent} />
        <Button variant="outline" className="self-start" onClick={start}>
          {t('site.quizzes.tryAgain')}
        </Button>
      </div>
    );
  }

  return (
    <div ref={top} className="scroll-mt-24">
      <QuizIntro
        facts={[
          { label: t('site.quizzes.fact.questions'), value: formatCount(data.questions.length) },
          {
            label: t('site.quizzes.fact.passMark'),
            value: numberFormat({ style: 'percent' }).format(data.pass_percent / 100),
          },
          { label: t('site.quizzes.fact.points'), value: formatCount(data.max_score) },
        ]}
      >
        <p className="text-sm text-slate-600">{t('site.quizzes.previewNote')}</p>
        <Button className="self-start" onClick={start}>
          {t('site.quizzes.startQuiz')}
        </Button>
      </QuizIntro>
    </div>
  );
};
