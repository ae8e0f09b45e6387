import type { SchoolSite } from '@skillwise/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n/use-t';
import { schoolTheme } from '../lib/school-site';

/** The school's logo, or the first letter of its name on its colour. */
export const SchoolMark = ({
  site,
  className,
}: {
  site: Pick<SchoolSite, 'name' | 'logo'>;
  className?: string;
}) =>
  site.logo ? (
    <img
      src={`${site.logo}?w=160`}
      alt=""
      className={cn('size-10 shrink-0 rounded-xl bg-white object-contain', className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-lg font-bold text-white',
        className,
      )}
    >
      {site.name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );

type Links = { home: string; signUp: string; login: string };

/** The school's header: its mark and name (to its home), and Log In and Sign Up for a visitor. */
export const SchoolHeader = ({
  site,
  links,
  account,
}: {
  site: Pick<SchoolSite, 'name' | 'logo'>;
  links: Links;
  /** What a signed-in person sees instead of Log In and Sign Up. */
  account?: ReactNode;
}) => {
  const t = useT();
  return (
    <header className="border-b border-slate-200/70 bg-white">
      <div className="mx-auto flex min-h-16 w-full max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link to={links.home} className="flex min-w-0 items-center gap-3 rounded-lg">
          <SchoolMark site={site} />
          <span className="truncate text-lg font-bold text-slate-900">{site.name}</span>
        </Link>
        {account ?? (
          <div className="flex items-center gap-2">
            <Link to={links.login} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
              {t('site.schoolSites.logIn')}
            </Link>
            <Link to={links.signUp} className={buttonClassName({ size: 'sm' })}>
              {t('site.schoolSites.signUp')}
            </Link>
          </div>
        )}
      </div>
    </header>
  );
};

/** The about text: plain text whose blank lines make paragraphs. */
export const AboutText = ({ text }: { text: string }) => (
  <div className="flex flex-col gap-3 text-slate-700">
    {text
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean)
      .map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order, never reordered.
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
  </div>
);

/**
 * The top of the school's home: its name, headline and about text on its colour's lightest shade. In a
 * preview the name is no heading of the page it is shown in.
 */
export const SchoolHero = ({
  site,
  preview = false,
}: {
  site: Pick<SchoolSite, 'name' | 'headline' | 'about'>;
  preview?: boolean;
}) => {
  const Name = preview ? 'p' : 'h1';
  return (
    <section className="border-b border-slate-200/70 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto w-full max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <Name className="text-3xl font-bold tracking-tight break-words text-slate-900 sm:text-4xl">
          {site.name}
        </Name>
        {site.headline ? <p className="mt-3 max-w-3xl text-lg text-brand-700">{site.headline}</p> : null}
        {site.about ? (
          <div className="mt-5 max-w-3xl">
            <AboutText text={site.about} />
          </div>
        ) : null}
      </div>
    </section>
  );
};

/** A part of the page in the school's colours. */
export const SchoolThemed = ({
  color,
  className,
  children,
}: {
  color: string;
  className?: string;
  children: ReactNode;
}) => (
  <div style={schoolTheme(color)} className={className}>
    {children}
  </div>
);
