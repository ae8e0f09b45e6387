import { useState } from 'react';
import { cn } from '@/lib/cn';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** The longest alt text taken from a question's text: a screen reader reads the question itself next. */
const ALT_MAX = 140;

/** The image's alt text, from the question it illustrates. */
export const questionImageAlt = (questionText: string): string => {
  const text = questionText.trim().replace(/\s+/g, ' ');
  const short = text.length > ALT_MAX ? `${text.slice(0, ALT_MAX - 1).trimEnd()}…` : text;
  return short ? t('site.quizzes.imageAlt', { text: short }) : t('site.quizzes.imageAltEmpty');
};

export type QuestionImageProps = {
  /** The question's `image_url` (GetQuiz, or an attempt's question); nothing is shown without one. */
  src: string | null | undefined;
  /** The question's text: the alt text is made from it. */
  questionText: string;
  className?: string;
};

/**
 * A quiz question's image (docs/decisions/035), as wide as its column allows and never taller than most
 * of a phone's screen, loaded only as it comes near the viewport. A URL that no longer works (it expired,
 * or access was taken away) shows a short note instead of a broken image.
 */
export const QuestionImage = ({ src, questionText, className }: QuestionImageProps) => {
  const translate = useT();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src) return null;
  if (failedSrc === src) {
    return (
      <p
        className={cn(
          'rounded-xl border border-dashed border-slate-300 px-3.5 py-3 text-sm text-slate-500',
          className,
        )}
      >
        {translate('site.quizzes.imageFailed')}
      </p>
    );
  }
  return (
    <figure className={cn('m-0 flex w-full justify-center', className)}>
      <img
        src={src}
        alt={questionImageAlt(questionText)}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className="block h-auto max-h-[min(60vh,28rem)] w-auto max-w-full rounded-xl border border-slate-200 bg-slate-50 object-contain"
      />
    </figure>
  );
};
