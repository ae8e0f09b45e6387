import { TEXT_LESSON_MAX_BYTES, utf8Bytes } from '@skillwise/contracts';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  BoldIcon,
  BulletListIcon,
  CodeBlockIcon,
  CodeIcon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  NumberedListIcon,
  QuoteIcon,
  RedoIcon,
  UndoIcon,
  UnlinkIcon,
} from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import '@/components/ui/lesson-prose.css';

export type TextLessonEditorProps = {
  /** The HTML the editor starts with. */
  initialHtml: string;
  /** Every change, as HTML; with `reportInitial`, also the starting HTML once the editor is ready. */
  onChange: (html: string) => void;
  /** The starting HTML is not yet the lesson's (a new lesson, or a .txt turned into paragraphs). */
  reportInitial?: boolean;
};

type Tool = {
  label: MessageId;
  icon: ReactNode;
  active?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  disabled?: (editor: Editor) => boolean;
};

const TOOLS: Tool[] = [
  {
    label: 'admin.curriculum.editor.heading',
    icon: <Heading2Icon />,
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'admin.curriculum.editor.subheading',
    icon: <Heading3Icon />,
    active: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: 'admin.curriculum.editor.bold',
    icon: <BoldIcon />,
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'admin.curriculum.editor.italic',
    icon: <ItalicIcon />,
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'admin.curriculum.editor.bulletList',
    icon: <BulletListIcon />,
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'admin.curriculum.editor.numberedList',
    icon: <NumberedListIcon />,
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'admin.curriculum.editor.quote',
    icon: <QuoteIcon />,
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: 'admin.curriculum.editor.code',
    icon: <CodeIcon />,
    active: (e) => e.isActive('code'),
    run: (e) => e.chain().focus().toggleCode().run(),
  },
  {
    label: 'admin.curriculum.editor.codeBlock',
    icon: <CodeBlockIcon />,
    active: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  {
    label: 'admin.curriculum.editor.undo',
    icon: <UndoIcon />,
    run: (e) => e.chain().focus().undo().run(),
    disabled: (e) => !e.can().undo(),
  },
  {
    label: 'admin.curriculum.editor.redo',
    icon: <RedoIcon />,
    run: (e) => e.chain().focus().redo().run(),
    disabled: (e) => !e.can().redo(),
  },
];

/** Addresses a link may have: what the server keeps (http, https, mailto); a bare address is https. */
export const linkAddress = (typed: string): string | null => {
  const address = typed.trim();
  if (address === '') return null;
  if (/^(https?:\/\/|mailto:)/i.test(address)) return address;
  if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return null;
  return address.includes('@') && !address.includes('/') ? `mailto:${address}` : `https://${address}`;
};

const toolButton =
  'flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-brand-50 aria-pressed:text-brand-700';

/** The toolbar's buttons take one tab stop; the arrow keys, Home and End move between them. */
const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  // The arrow that points back along the line: the right one in a right-to-left language.
  const back = getComputedStyle(event.currentTarget).direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const last = buttons.length - 1;
  const next = event.key === 'Home' ? 0 : event.key === 'End' ? last : event.key === back ? at - 1 : at + 1;
  const target = buttons[next < 0 ? last : next > last ? 0 : next];
  if (!target) return;
  event.preventDefault();
  for (const button of buttons) button.tabIndex = button === target ? 0 : -1;
  target.focus();
};

/**
 * A text lesson written in the page (docs/decisions/019): Tiptap's editor with headings, bold, italic,
 * lists, quotes, code and links, each on a toolbar button with its name (and its keyboard shortcut, such
 * as Ctrl+B). What is pasted keeps only what the editor knows; the server sanitizes what is saved anyway.
 * Loaded only by the lesson forms, so no other screen carries the editor's code.
 */
const TextLessonEditor = ({ initialHtml, onChange, reportInitial = false }: TextLessonEditorProps) => {
  const t = useT();
  const [bytes, setBytes] = useState(() => utf8Bytes(initialHtml));
  const [linking, setLinking] = useState(false);
  const [address, setAddress] = useState('');
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const limitId = useId();
  const linkInputId = useId();
  const report = (html: string) => {
    setBytes(utf8Bytes(html));
    onChange(html);
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => linkAddress(url) !== null,
        },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': t('admin.curriculum.editor.label'),
        'aria-describedby': limitId,
        class: 'lesson-prose min-h-48 max-h-[50vh] overflow-y-auto px-4 py-3 focus:outline-none',
      },
    },
    onUpdate: ({ editor: changed }) => report(changed.getHTML()),
  });
  const initial = useRef({ reportInitial, onChange });
  useEffect(() => {
    // Once ready, the starting HTML is what the form saves when it is not yet the lesson's.
    if (editor && !editor.isDestroyed && initial.current.reportInitial)
      initial.current.onChange(editor.getHTML());
  }, [editor]);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            active: TOOLS.map((tool) => tool.active?.(current) ?? false),
            disabled: TOOLS.map((tool) => tool.disabled?.(current) ?? false),
            link: current.isActive('link'),
            href: (current.getAttributes('link').href as string | undefined) ?? '',
          }
        : null,
  });

  const openLink = () => {
    setAddress(state?.href ?? '');
    setLinkProblem(null);
    setLinking(true);
    requestAnimationFrame(() => document.getElementById(linkInputId)?.focus());
  };
  const applyLink = () => {
    if (!editor) return;
    const href = linkAddress(address);
    if (address.trim() !== '' && !href) {
      setLinkProblem(t('admin.curriculum.editor.badLink'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    (href ? chain.setLink({ href }) : chain.unsetLink()).run();
    setLinking(false);
  };
  const removeLink = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setLinking(false);
  };

  const tooLong = bytes > TEXT_LESSON_MAX_BYTES;
  return (
    <div className="overflow-hidden rounded-xl border border-slate-300 bg-white focus-within:border-brand-500">
      <div
        role="toolbar"
        aria-label={t('admin.curriculum.editor.formatting')}
        onKeyDown={moveFocus}
        className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1"
      >
        {TOOLS.map((tool, index) => (
          <button
            key={tool.label}
            type="button"
            title={t(tool.label)}
            aria-label={t(tool.label)}
            aria-pressed={tool.active ? (state?.active[index] ?? false) : undefined}
            disabled={!editor || state?.disabled[index]}
            tabIndex={index === 0 ? 0 : -1}
            onClick={() => editor && tool.run(editor)}
            className={cn(toolButton, 'text-lg')}
          >
            {tool.icon}
          </button>
        ))}
        <button
          type="button"
          title={t('admin.curriculum.editor.link')}
          aria-label={t('admin.curriculum.editor.link')}
          aria-pressed={state?.link ?? false}
          aria-expanded={linking}
          disabled={!editor}
          tabIndex={-1}
          onClick={() => (linking ? setLinking(false) : openLink())}
          className={cn(toolButton, 'text-lg')}
        >
          <LinkIcon />
        </button>
        <button
          type="button"
          title={t('admin.curriculum.editor.removeLink')}
          aria-label={t('admin.curriculum.editor.removeLink')}
          disabled={!editor || !state?.link}
          tabIndex={-1}
          onClick={removeLink}
          className={cn(toolButton, 'text-lg')}
        >
          <UnlinkIcon />
        </button>
      </div>
      {linking ? (
        <div className="flex flex-col gap-1.5 border-b border-slate-200 bg-slate-50 px-3 py-2">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Input
              id={linkInputId}
              type="url"
              aria-label={t('admin.curriculum.editor.linkAddress')}
              placeholder={t('admin.curriculum.editor.linkPlaceholder')}
              value={address}
              aria-invalid={linkProblem !== null}
              onChange={(event) => setAddress(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  applyLink();
                }
                if (event.key === 'Escape') {
                  event.preventDefault();
                  setLinking(false);
                  editor?.commands.focus();
                }
              }}
              className="h-9 min-w-0 flex-1"
            />
            <div className="flex gap-2">
              <Button size="sm" onClick={applyLink}>
                {t('admin.curriculum.editor.applyLink')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setLinking(false)}>
                {t('admin.courses.cancel')}
              </Button>
            </div>
          </div>
          {linkProblem ? <p className="text-xs text-rose-600">{linkProblem}</p> : null}
        </div>
      ) : null}
      <EditorContent editor={editor} />
      <p
        id={limitId}
        className={cn(
          'border-t border-slate-100 px-4 py-1.5 text-xs',
          tooLong ? 'font-medium text-rose-600' : 'text-slate-500',
        )}
      >
        {tooLong
          ? t('admin.curriculum.editor.tooLong', { kb: formatCount(TEXT_LESSON_MAX_BYTES / 1024) })
          : t('admin.curriculum.editor.hint')}
      </p>
    </div>
  );
};

export default TextLessonEditor;
