import type { ReactNode } from 'react';

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

/** The small capitals above a section's or a card's title ("Why Skillwise", "Your course"). */
export const Eyebrow = ({ small = false, children }: { small?: boolean; children: ReactNode }) => (
  <p className={`${small ? 'text-xs' : 'text-sm'} font-semibold tracking-wide text-brand-600 uppercase`}>
    {children}
  </p>
);
