import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

type PageHeaderProps = {
  title: string;
  description?: string;
  /** A small status shown under the title (e.g. Published). */
  badge?: ReactNode;
  actions?: ReactNode;
};

/** The heading block at the top of a signed-in screen. */
export const PageHeader = ({ title, description, badge, actions }: PageHeaderProps) => (
  <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
    <div className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
      {description ? <p className="mt-1.5 text-slate-600">{description}</p> : null}
      {badge ? <div className="mt-2">{badge}</div> : null}
    </div>
    {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
  </div>
);

/** A catalogue prefix `P` holding both `P.title` and `P.description` ("admin.adminRoutes.team"). */
type Described<K> = K extends `${infer P}.title` ? (`${P}.description` extends MessageId ? P : never) : never;
export type ScreenTexts = Described<MessageId>;

/** A heading's title and description from its catalogue prefix, for a screen, an auth card or a plan page. */
export const useHeading = (texts: ScreenTexts): { title: string; description: string } => {
  const t = useT();
  return { title: t(`${texts}.title`), description: t(`${texts}.description`) };
};

/**
 * A signed-in screen: its heading, whose title and description are its catalogue's `texts.title` and
 * `texts.description`, above its body.
 */
export const Screen = ({
  texts,
  actions,
  children,
}: {
  texts: ScreenTexts;
  actions?: ReactNode;
  children: ReactNode;
}) => (
  <>
    <PageHeader {...useHeading(texts)} actions={actions} />
    {children}
  </>
);

/** The small capitals above a section's or a card's title ("Why Skillwise", "Your course"). */
export const Eyebrow = ({ small = false, children }: { small?: boolean; children: ReactNode }) => (
  <p className={`${small ? 'text-xs' : 'text-sm'} font-semibold tracking-wide text-brand-600 uppercase`}>
    {children}
  </p>
);

/** A public page's section heading: its small capitals, its title (a page's own h1, else an h2) and a line of text. */
export const SectionHeading = ({
  id,
  eyebrow,
  title,
  text,
  level = 2,
}: {
  id?: string;
  eyebrow: string;
  title: ReactNode;
  text?: string;
  level?: 1 | 2;
}) => {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <>
      <Eyebrow>{eyebrow}</Eyebrow>
      <Heading
        id={id}
        className={cn('mt-2 text-3xl font-bold tracking-tight text-slate-900', level === 1 && 'sm:text-4xl')}
      >
        {title}
      </Heading>
      {text ? <p className="mt-3 max-w-2xl text-slate-600">{text}</p> : null}
    </>
  );
};
