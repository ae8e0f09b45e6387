import type { Lesson } from '@skillwise/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { ChoiceField } from '@/components/ui/choice-field';
import { LoadingBlock } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n/use-t';

const TextLessonEditor = lazy(() => import('./text-lesson-editor'));

type Source = 'write' | 'upload';

/** A .txt lesson's text as the editor's paragraphs: blank lines part them, single line breaks stay. */
export const plainTextToHtml = (text: string): string => {
  const escaped = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return paragraphs.map((paragraph) => `<p>${escaped(paragraph).replace(/\n/g, '<br>')}</p>`).join('');
};

/** The lesson's own text, to write on from: its written HTML, or its .txt as paragraphs. */
type Start = { html: string; stored: boolean } | 'loading' | 'failed';

const startOf = async (lesson: Pick<Lesson, 'content_path' | 'file_mime'> | undefined): Promise<Start> => {
  if (!lesson?.content_path || !lesson.file_mime?.startsWith('text/')) return { html: '', stored: false };
  const response = await fetch(lesson.content_path);
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/')) return 'failed';
  const body = await response.text();
  return type.startsWith('text/html')
    ? { html: body, stored: true }
    : { html: plainTextToHtml(body), stored: false };
};

/** What the text-lesson choice says: whether the lesson is written here, and the HTML to save. */
export type WrittenLesson = {
  /** Written in the page: the file picker is not shown. */
  writing: boolean;
  /** The HTML to save, or null: nothing written to save (the file, if one is chosen). */
  html: string | null;
};

export const NOT_WRITTEN: WrittenLesson = { writing: false, html: null };

/** A lesson's content for the save call: its written HTML in place of a file, or the file chosen. */
export const lessonContent = (contentType: string, written: WrittenLesson, file: File | null) =>
  contentType === 'text' && written.html !== null ? { contentHtml: written.html, file: null } : { file };

type TextLessonSourceProps = {
  /** Not a text lesson: nothing shows, nothing is written. */
  off?: boolean;
  /** The lesson being edited: the editor starts from its text. */
  lesson?: Pick<Lesson, 'content_path' | 'file_mime'>;
  onChange: (written: WrittenLesson) => void;
};

/**
 * A text lesson is written in the page or uploaded as a .txt with the form's file picker, which the
 * form hides while writing (docs/decisions/019). Writing is the choice for a new lesson and for one
 * written before; a lesson with a .txt starts on its upload, and writing it starts from its text. A
 * lesson written before is saved again only once its text changes.
 */
export const TextLessonSource = ({ off = false, ...props }: TextLessonSourceProps) =>
  off ? null : <TextLessonChoice {...props} />;

const TextLessonChoice = ({ lesson, onChange }: Omit<TextLessonSourceProps, 'off'>) => {
  const t = useT();
  const [source, setSource] = useState<Source>(
    lesson?.file_mime && lesson.file_mime !== 'text/html' ? 'upload' : 'write',
  );
  const [start, setStart] = useState<Start>('loading');
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    // Nothing written is saved until the editor says so, nor once the lesson is uploaded instead or is
    // no text lesson any more.
    changed.current({ writing: source === 'write', html: null });
    return () => changed.current(NOT_WRITTEN);
  }, [source]);
  useEffect(() => {
    if (source !== 'write') return;
    let alive = true;
    startOf(lesson).then(
      (found) => alive && setStart(found),
      () => alive && setStart('failed'),
    );
    return () => {
      alive = false;
    };
  }, [source, lesson]);

  return (
    <div className="flex flex-col gap-3">
      <ChoiceField<Source>
        legend={t('admin.curriculum.editor.label')}
        name="textSource"
        value={source}
        options={[
          { value: 'write', label: t('admin.curriculum.text.write') },
          { value: 'upload', label: t('admin.curriculum.text.upload') },
        ]}
        onChange={setSource}
      />
      {source === 'upload' ? null : start === 'loading' ? (
        <LoadingBlock label={t('admin.curriculum.text.loading')} />
      ) : start === 'failed' ? (
        <Alert>{t('admin.curriculum.text.loadFailed')}</Alert>
      ) : (
        <Suspense fallback={<LoadingBlock label={t('admin.curriculum.text.loadingEditor')} />}>
          <TextLessonEditor
            initialHtml={start.html}
            reportInitial={!start.stored}
            onChange={(html) => changed.current({ writing: true, html })}
          />
        </Suspense>
      )}
    </div>
  );
};
