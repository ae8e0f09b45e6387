import { type FormEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { FacebookIcon, LinkedInIcon, XIcon } from '@/components/ui/drawn-icons';
import { LanguagePicker } from '@/components/ui/language-picker';
import { Logo } from '@/components/ui/logo';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** SPEC §2.2: every footer link points at a placeholder anchor. */
const COLUMNS = [
  {
    title: 'common.footer.company',
    links: ['common.footer.aboutUs', 'common.footer.blog', 'common.footer.careers', 'common.footer.contact'],
  },
  {
    title: 'common.footer.courses',
    links: [
      'common.footer.browseAll',
      'common.footer.popular',
      'common.footer.free',
      'common.footer.certification',
    ],
  },
  {
    title: 'common.footer.support',
    links: [
      'common.footer.helpCenter',
      'common.footer.faqs',
      'common.footer.reportIssue',
      'common.footer.forum',
    ],
  },
  {
    title: 'common.footer.legal',
    links: ['common.footer.terms', 'common.footer.refundPolicy', 'common.footer.accessibility'],
  },
] as const satisfies ReadonlyArray<{ title: MessageId; links: readonly MessageId[] }>;

const SOCIAL = [
  { label: 'LinkedIn', Icon: LinkedInIcon },
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'X', Icon: XIcon },
];

export const SiteFooter = () => {
  const t = useT();
  const emailId = useId();
  // SPEC §2.2: the newsletter box has no behaviour; it must not reload the page either.
  const onSubscribe = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid w-full max-w-7xl gap-12 px-4 py-14 sm:px-6 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)] lg:px-8">
        <div className="flex min-w-0 flex-col gap-5">
          <Logo inverted />
          <p className="max-w-sm text-sm leading-relaxed text-slate-400">{t('common.footer.about')}</p>
          <form onSubmit={onSubscribe} className="flex w-full max-w-sm flex-col gap-2 sm:flex-row">
            <label htmlFor={emailId} className="sr-only">
              {t('common.footer.emailLabel')}
            </label>
            <input
              id={emailId}
              type="email"
              placeholder={t('common.footer.emailPlaceholder')}
              className="h-11 min-w-0 shrink-0 rounded-xl border border-slate-700 bg-slate-800 px-3.5 text-sm text-white placeholder:text-slate-500 focus:border-brand-400 focus:ring-4 focus:ring-brand-500/20 focus:outline-none sm:flex-1"
            />
            <Button type="submit">{t('common.footer.subscribe')}</Button>
          </form>
          <div className="flex gap-2">
            {SOCIAL.map(({ label, Icon }) => (
              <span
                key={label}
                role="img"
                aria-label={label}
                className="flex size-10 items-center justify-center rounded-xl bg-slate-800 text-slate-300"
              >
                <Icon className="size-5" />
              </span>
            ))}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={t(column.title)}>
              <h2 className="text-sm font-semibold text-white">{t(column.title)}</h2>
              <ul className="mt-4 flex flex-col gap-3">
                {column.links.map((link) => (
                  <li key={link}>
                    {/* biome-ignore lint/a11y/useValidAnchor: SPEC §2.2 footer links point at a placeholder anchor */}
                    <a href="#" className="text-sm text-slate-400 transition-colors hover:text-white">
                      {t(link)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-6 sm:px-6 lg:px-8">
          <p className="text-xs text-slate-400">
            {t('common.footer.rights', { year: String(new Date().getFullYear()) })}
          </p>
          <LanguagePicker className="text-slate-300" />
        </div>
      </div>
    </footer>
  );
};
