import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { AwardIcon, CheckIcon, GraduationIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

const POINTS = [
  'auth.layout.point.courses',
  'auth.layout.point.pace',
  'auth.layout.point.certificates',
] as const;

/** The page around every account screen: a brand panel on wide screens, the form card centred. */
export const AuthLayout = ({ children }: { children: ReactNode }) => {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-1">
      <aside className="relative hidden w-[42%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-violet-700 p-12 text-white lg:flex">
        <div className="absolute -top-32 -inset-e-32 size-96 rounded-full bg-white/10" aria-hidden="true" />
        <div
          className="absolute -bottom-40 -inset-s-24 size-[28rem] rounded-full bg-white/5"
          aria-hidden="true"
        />
        <Link
          to={paths.home}
          aria-label={t('common.nav.home.label')}
          className="relative self-start rounded-lg"
        >
          <Logo inverted />
        </Link>
        <div className="relative">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-white/15 text-2xl">
            <GraduationIcon />
          </span>
          <p className="mt-6 text-3xl leading-tight font-bold">{t('auth.layout.tagline')}</p>
          <ul className="mt-8 flex flex-col gap-4">
            {POINTS.map((point) => (
              <li key={point} className="flex items-start gap-3 text-brand-100">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-white/20 text-white">
                  <CheckIcon className="size-3.5" />
                </span>
                {t(point)}
              </li>
            ))}
          </ul>
        </div>
        <div className="relative flex items-center gap-3 rounded-2xl bg-white/10 p-4 text-sm text-brand-50 backdrop-blur">
          <AwardIcon className="size-6 shrink-0" />
          {t('auth.layout.join', { count: formatCount(12_000) })}
        </div>
      </aside>
      <main className="relative flex flex-1 flex-col items-center overflow-hidden bg-slate-50 px-4 py-8 sm:px-6 sm:py-12">
        <div
          className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-brand-100/70 to-transparent"
          aria-hidden="true"
        />
        <Link
          to={paths.home}
          aria-label={t('common.nav.home.label')}
          className="relative mb-8 rounded-lg lg:hidden"
        >
          <Logo />
        </Link>
        <div className="relative my-auto flex w-full flex-col items-center">{children}</div>
        <p className="relative mt-10 text-xs text-slate-600">
          {t('auth.layout.copyright', { year: String(new Date().getFullYear()) })}
        </p>
      </main>
    </div>
  );
};

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  wide?: boolean;
  children: ReactNode;
};

/** The centred card of one account screen. */
export const AuthCard = ({ title, description, icon, wide = false, children }: AuthCardProps) => (
  <Card className={cn('w-full p-6 sm:p-8', wide ? 'max-w-2xl' : 'max-w-md')}>
    <div className="mb-7 text-center">
      {icon ? (
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-50 text-2xl text-brand-600">
          {icon}
        </span>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {description ? <p className="mt-2 text-sm text-slate-600">{description}</p> : null}
    </div>
    {children}
  </Card>
);
