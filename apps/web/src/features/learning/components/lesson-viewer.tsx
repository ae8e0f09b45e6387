import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ExternalLinkIcon } from '@/components/ui/icons';
import { LoadingBlock } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { lessonKind } from '@/lib/lesson-kind';
import { frameShowsError, useFreshContentUrl } from '../hooks/use-fresh-content-url';

export type ViewableLesson = {
  lesson_Id: number;
  lesson_title: string;
  contentType: string;
  content_path: string | null;
};

type LessonViewerProps = {
  lesson: ViewableLesson;
  /** Every 'play' of a video (the caller records the first one). */
  onPlay?: () => void;
  /** Asks for a fresh URL when the signed one expired; the samples have none to ask for. */
  fetchFreshUrl?: (lessonId: number) => Promise<string | null>;
  className?: string;
};

/** The kinds a viewer can open: SPEC §2.12 video and pdf; the sample page adds audio. */
export const isViewable = (contentType: string, allowAudio = false): boolean => {
  const kind = lessonKind(contentType);
  return kind === 'video' || kind === 'pdf' || (allowAudio && kind === 'audio');
};

const LOAD_FAILED = 'This lesson could not be loaded. Please try again.';

type PdfFrameProps = { src: string; title: string; onFailure: () => void; onLoaded: () => void };

/**
 * A frame cannot report a refused URL (it shows the error body and fires `load`), so the URL is asked
 * first with HEAD: only one that answers is put in the frame; one that does not asks for a fresh URL.
 */
const PdfFrame = ({ src, title, onFailure, onLoaded }: PdfFrameProps) => {
  const [checked, setChecked] = useState(false);
  const failure = useRef(onFailure);
  failure.current = onFailure;
  useEffect(() => {
    let alive = true;
    fetch(src, { method: 'HEAD' }).then(
      (response) => {
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
  if (!checked) return <LoadingBlock label="Loading lesson..." />;
  return (
    <iframe
      src={src}
      title={title}
      onLoad={(event) => (frameShowsError(event.currentTarget) ? failure.current() : onLoaded())}
      className="h-[70vh] min-h-[420px] w-full rounded-xl border border-slate-200 bg-slate-100"
    />
  );
};

/**
 * SPEC §2.4, §2.12: a video in a player with controls, a PDF in a frame (audio for the samples). Signed
 * URLs that expired are replaced on the fly and the video resumes where it was (useFreshContentUrl).
 */
export const LessonViewer = ({ lesson, onPlay, fetchFreshUrl, className }: LessonViewerProps) => {
  const kind = lessonKind(lesson.contentType);
  const content = useFreshContentUrl({
    lessonId: lesson.lesson_Id,
    url: lesson.content_path,
    ...(fetchFreshUrl ? { fetchFreshUrl } : {}),
  });

  if (content.status === 'failed') {
    return (
      <div className={cn('flex flex-col items-start gap-3', className)}>
        <Alert className="w-full">{LOAD_FAILED}</Alert>
        <Button variant="outline" size="sm" onClick={() => void content.retry()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!content.src) {
    return content.status === 'refreshing' ? (
      <LoadingBlock label="Loading lesson..." />
    ) : (
      <Alert tone="info" className={className}>
        This lesson has no file to show yet.
      </Alert>
    );
  }

  if (kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: lesson videos are uploaded without caption files
      <video
        key={`${lesson.lesson_Id}-${content.version}`}
        src={content.src}
        controls
        playsInline
        preload="metadata"
        aria-label={lesson.lesson_title}
        onPlay={onPlay}
        onError={(event) => void content.reportFailure(event.currentTarget)}
        onLoadedMetadata={(event) => content.handleLoadedMetadata(event.currentTarget)}
        className={cn('aspect-video w-full rounded-xl bg-slate-950', className)}
      />
    );
  }

  if (kind === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: lesson audio is uploaded without caption files
      <audio
        key={`${lesson.lesson_Id}-${content.version}`}
        src={content.src}
        controls
        preload="metadata"
        aria-label={lesson.lesson_title}
        onError={(event) => void content.reportFailure(event.currentTarget)}
        onLoadedMetadata={(event) => content.handleLoadedMetadata(event.currentTarget)}
        className={cn('w-full', className)}
      />
    );
  }

  if (kind === 'pdf') {
    return (
      <div className={cn('flex flex-col gap-2', className)}>
        <PdfFrame
          key={`${lesson.lesson_Id}-${content.version}`}
          src={content.src}
          title={`${lesson.lesson_title} (PDF)`}
          onFailure={() => void content.reportFailure()}
          onLoaded={content.handleLoaded}
        />
        <a
          href={content.src}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-brand-700 hover:underline"
        >
          Open the PDF in a new tab
          <ExternalLinkIcon className="size-4" />
        </a>
      </div>
    );
  }

  return (
    <Alert tone="info" className={className}>
      This kind of lesson cannot be opened here.
    </Alert>
  );
};
