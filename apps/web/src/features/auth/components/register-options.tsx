import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, GraduationIcon, LayersIcon } from '@/components/ui/icons';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';
import { useNextParam, withNext } from '@/lib/return-to';

const Option = ({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) => (
  <Link
    to={to}
    className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 transition hover:border-brand-300 hover:bg-brand-50/40 hover:shadow-card sm:p-5"
  >
    <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-2xl text-brand-600 group-hover:bg-brand-100">
      {icon}
    </span>
    <span className="min-w-0 flex-1">
      <span className="block font-semibold text-slate-900">{title}</span>
      <span className="mt-0.5 block text-sm text-slate-500">{text}</span>
    </span>
    <ArrowRightIcon className="size-5 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600 rtl:group-hover:-translate-x-0.5" />
  </Link>
);

/**
 * SPEC §2.7: choose between a student account and an organisation (author) account. A student who was
 * on their way somewhere (a course) keeps that target through sign-up and verification.
 */
export const RegisterOptions = () => {
  const t = useT();
  const next = useNextParam();
  return (
    <div className="flex flex-col gap-3">
      <Option
        to={withNext(paths.register, next)}
        icon={<GraduationIcon />}
        title={t('auth.auth.options.student')}
        text={t('auth.auth.options.studentText')}
      />
      <Option
        to={paths.registerOrg}
        icon={<LayersIcon />}
        title={t('auth.auth.options.author')}
        text={t('auth.auth.options.authorText')}
      />
      <p className="mt-3 text-center text-sm text-slate-600">
        <T
          id="auth.auth.options.haveAccount"
          components={{
            0: (
              <Link
                to={withNext(paths.login, next)}
                className="font-semibold text-brand-600 hover:underline"
              />
            ),
          }}
        />
      </p>
    </div>
  );
};
