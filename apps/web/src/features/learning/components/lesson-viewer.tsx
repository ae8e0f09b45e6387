import { type LessonVideo, lessonKind } from '@skillwise/contracts';
import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ExternalLinkIcon, HeadphonesIcon } from '@/components/ui/drawn-icons';
import { LoadError } from '@/components/ui/load-error';
import { LoadingBlock, Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import '@/components/ui/lesson-prose.css';
import { type FetchFreshUrl, frameShowsError, useFreshContentUrl } from '../hooks/use-fresh-content-url';
import type { MediaHandlers } from '../hooks/use-lesson-position';
import { playerSpace } from '../lib/viewable';
import { VideoPlayer } from './video-player';

export type ViewableLesson = {
  lesson_Id: number;
  lesson_title: string;
  contentType: string;
  content_path: string | null;
  /** The file's type: 'text/html' for a text lesson written in the page (docs/decisions/019). */
  file_mime?: string | null;
  /** Not open to the student yet (docs/decisions/032): the server is asked, and its answer shown. */
  locked?: boolean | undefined;
  /** A video lesson's streaming copies, poster and captions (docs/decisions/043). */
  video?: LessonVideo | null | undefined;
};

type LessonViewerProps = {
  lesson: ViewableLesson;
  /** Every 'play' of a video or audio lesson (the caller records the first one). */
  onPlay?: () => void;
  /** A video's or audio lesson's playing events (resume, saving and speed, useLessonPosition). */
  media?: MediaHandlers | undefined;
  /** Asks for fresh URLs when the signed ones expired; the samples have none to ask for. */
  fetchFreshUrl?: FetchFreshUrl;
  /** A video or audio lesson starts playing at once: the reader pressed play before the player came. */
  autoPlay?: boolean;
  className?: string;
};

/** The player's place while its file is checked or its URL renewed, at the player's own size. */
const PlayerLoading = ({
  contentType,
  className,
}: {
  contentType: string;
  className?: string | undefined;
}) => {
  const t = useT();
  return (
    <div
      className={cn(
        playerSpace(contentType),
        'flex items-center justify-center gap-3 text-sm',
        lessonKind(contentType) === 'video' ? 'text-slate-300' : 'text-slate-600',
        className,
      )}
    >
      <Spinner className="size-5" />
      <span role="status">{t('site.learning.viewer.loading')}</span>
    </div>
  );
};

type PdfFrameProps = { src: string; title: string; onFailure: () => void; onLoaded: () => void };

/**
 * A frame cannot report a refused URL (it shows the error body and fires `load`), so the URL is asked
 * first: only one that answers is put in the frame; one that does not asks for a fresh URL. It is asked
 * with GET, whose body is dropped once the status is known: a presigned bucket URL is signed for GET
 * alone, and S3 refuses it to HEAD.
 */
const PdfFrame = ({ src, title, onFailure, onLoaded }: PdfFrameProps) => {
  const [checked, setChecked] = useState(false);
  const failure = useRef(onFailure);
  failure.current = onFailure;
  useEffect(() => {
    let alive = true;
    fetch(src).then(
      (response) => {
        void response.body?.cancel().catch(() => undefined);
        if (!alive) return;
        if (response.ok) setChecked(true);
        else failure.current();
      },
      () => {
        if (alive) failure.current();
      },
    );
    return () => {
      alive = false;
    };
  }, [src]);
  if (!checked) return <PlayerLoading contentType="pdf" />;
  return (
    <iframe
      src={src}
      title={title}
      onLoad={(event) => (frameShowsError(event.currentTarget) ? failure.current() : onLoaded())}
      className="h-[70vh] min-h-[420px] w-full rounded-xl border border-slate-200 bg-slate-100"
    />
  );
};

type TextLessonProps = {
  src: string;
  title: string;
  /** Written in the page: HTML the server sanitized, rather than a .txt. */
  written: boolean;
  onFailure: () => void;
  onLoaded: () => void;
};

/** No words in it: an empty paragraph, or tags alone. */
const isBlank = (text: string, written: boolean) =>
  (written ? text.replace(/<[^>]*>/g, '') : text).trim() === '';

/**
 * A text lesson read in the page. A .txt is fetched as text and shown as text (React escapes it, so
 * markup in it is shown, never rendered), with its line breaks and spacing kept. A lesson written in the
 * page is HTML the server sanitized by an allowlist on every write (no script, event attribute, style,
 * frame, image or address but http, https and mailto), rendered as it is; the page's policy runs no
 * inline script either way.
 */
export const TextLesson = ({ src, title, written, onFailure, onLoaded }: TextLessonProps) => {
  const t = useT();
  const [text, setText] = useState<string | null>(null);
  const failure = useRef(onFailure);
  failure.current = onFailure;
  const loaded = useRef(onLoaded);
  loaded.current = onLoaded;
  useEffect(() => {
    let alive = true;
    setText(null);
    fetch(src).then(
      async (response) => {
        if (!alive) return;
        const type = response.headers.get('content-type') ?? '';
        // A refused or expired URL answers a JSON error: ask for a fresh URL instead of showing it. Only
        // the written lesson's own HTML is ever rendered.
        if (!response.ok || /json/.test(type) || /html/.test(type) !== written) {
          failure.current();
          return;
        }
        const body = await response.text();
        if (!alive) return;
        setText(body);
        loaded.current();
      },
      () => {
        if (alive) failure.current();
      },
    );
    return () => {
      alive = false;
    };
  }, [src, written]);
  if (text === null) return <LoadingBlock label={t('site.learning.viewer.loading')} />;
  return (
    <article
      aria-label={title}
      className="max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white px-5 py-4 sm:px-8 sm:py-6"
    >
      {isBlank(text, written) ? (
        <p className="text-sm text-slate-500">{t('site.learning.viewer.noText')}</p>
      ) : written ? (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allowlist on every write (apps/api/src/lib/lesson-html.ts)
        <div className="lesson-prose" dangerouslySetInnerHTML={{ __html: text }} />
      ) : (
        <div className="max-w-prose font-sans text-base leading-relaxed break-words whitespace-pre-wrap text-slate-800">
          {text}
        </div>
      )}
    </article>
  );
};

/**
 * SPEC §2.4, §2.12: a video in a player with controls, a PDF in a frame with a link to open it in a new
 * tab, audio in a player with seeking, text read in the page (and a bulk-uploaded image shown). Signed
 * URLs that expired are replaced on the fly and the video resumes where it was (useFreshContentUrl).
 */
export const LessonViewer = ({
  lesson,
  onPlay,
  media,
  fetchFreshUrl,
  autoPlay = false,
  className,
}: LessonViewerProps) => {
  const t = useT();
  const kind = lessonKind(lesson.contentType);
  const content = useFreshContentUrl({
    lessonId: lesson.lesson_Id,
    url: lesson.content_path,
    video: lesson.video,
    askFirst: lesson.locked === true,
    ...(fetchFreshUrl ? { fetchFreshUrl } : {}),
  });

  const playing = (event: SyntheticEvent<HTMLMediaElement>) => {
    onPlay?.();
    media?.onPlay(event);
  };

  if (content.status === 'failed' && content.refusal) {
    return (
      <Alert tone="info" className={className}>
        {content.refusal}
      </Alert>
    );
  }
  if (content.status === 'failed') {
    return (
      <LoadError
        message={t('site.learning.viewer.loadFailed')}
        onRetry={() => void content.retry()}
        size="sm"
        className={className}
      />
    );
  }
  if (!content.src) {
    return content.status === 'refreshing' ? (
      <PlayerLoading contentType={lesson.contentType} className={className} />
    ) : (
      <Alert tone="info" className={className}>
        {t('site.learning.viewer.noFile')}
      </Alert>
    );
  }

  if (kind === 'video') {
    return (
      <VideoPlayer
        key={`${lesson.lesson_Id}-${content.version}`}
        title={lesson.lesson_title}
        src={content.src}
        video={content.video}
        autoPlay={autoPlay}
        onPlay={playing}
        media={media}
        onFailure={(element) => void content.reportFailure(element)}
        onLoadedMetadata={content.handleLoadedMetadata}
        renewed={content.version > 0}
        className={className}
      />
    );
  }

  if (kind === 'audio') {
    return (
      <div
        className={cn(
          'flex flex-col gap-3 rounded-xl border border-slate-200 bg-gradient-to-br from-brand-50 to-white p-4 sm:p-6',
          className,
        )}
      >
        <div className="flex items-center gap-3">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
            <HeadphonesIcon className="size-6" />
          </span>
          <p className="min-w-0 text-sm text-slate-600">{t('site.learning.viewer.audioHint')}</p>
        </div>
        {/* biome-ignore lint/a11y/useMediaCaption: lesson audio is uploaded without caption files */}
        <audio
          key={`${lesson.lesson_Id}-${content.version}`}
          src={content.src}
          controls
          autoPlay={autoPlay}
          preload="metadata"
          aria-label={lesson.lesson_title}
          onPlay={playing}
          onError={(event) => void content.reportFailure(event.currentTarget)}
          onLoadedMetadata={(event) => {
            content.handleLoadedMetadata(event.currentTarget);
            media?.onLoadedMetadata(event);
          }}
          onTimeUpdate={media?.onTimeUpdate}
          onPause={media?.onPause}
          onEnded={media?.onEnded}
          onRateChange={media?.onRateChange}
          className="w-full"
        />
      </div>
    );
  }

  if (kind === 'text') {
    return (
      <TextLesson
        key={`${lesson.lesson_Id}-${content.version}`}
        src={content.src}
        title={lesson.lesson_title}
        written={lesson.file_mime === 'text/html'}
        onFailure={() => void content.reportFailure()}
        onLoaded={content.handleLoaded}
      />
    );
  }

  if (kind === 'image') {
    return (
      <img
        key={`${lesson.lesson_Id}-${content.version}`}
        src={content.src}
        alt={lesson.lesson_title}
        onError={() => void content.reportFailure()}
        onLoad={content.handleLoaded}
        className={cn(playerSpace(lesson.contentType), 'object-contain', className)}
      />
    );
  }

  if (kind === 'pdf') {
    return (
      <div className={cn('flex flex-col gap-2', className)}>
        <PdfFrame
          key={`${lesson.lesson_Id}-${content.version}`}
          src={content.src}
          title={t('site.learning.viewer.pdfTitle', { title: lesson.lesson_title })}
          onFailure={() => void content.reportFailure()}
          onLoaded={content.handleLoaded}
        />
        <a
          href={content.src}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-700 hover:underline"
        >
          {t('site.learning.viewer.openPdf')}
          <ExternalLinkIcon className="size-4" />
        </a>
      </div>
    );
  }

  return (
    <Alert tone="info" className={className}>
      {t('site.learning.viewer.cannotOpen')}
    </Alert>
  );
};
