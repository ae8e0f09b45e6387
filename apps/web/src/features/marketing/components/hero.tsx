import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { AwardIcon, ClockIcon, PlayIcon, SearchIcon } from '@/components/ui/drawn-icons';
import { Eyebrow } from '@/components/ui/page-header';
import { T, useT } from '@/lib/i18n/use-t';
import { coursesSearchPath } from '@/lib/paths';

/**
 * What studying here looks like: a lesson, its progress and a certificate, as the app draws them. It
 * claims no figure and no event (no count of learners, no rating, no certificate "just now").
 */
const HeroIllustration = () => {
  const t = useT();
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -top-6 -inset-e-6 size-40 rounded-full bg-brand-200/60 blur-2xl" />
      <div className="absolute -bottom-8 -inset-s-8 size-48 rounded-full bg-violet-200/60 blur-2xl" />
      <div className="relative overflow-hidden rounded-3xl border border-white bg-white shadow-raised">
        <div className="relative flex aspect-[4/3] items-center justify-center bg-gradient-to-br from-brand-600 via-brand-500 to-violet-500">
          <div className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.25),transparent_55%)]" />
          <div className="grid w-3/4 grid-cols-3 gap-3 opacity-90">
            <div className="col-span-2 h-3 rounded-full bg-white/50" />
            <div className="h-3 rounded-full bg-white/30" />
            <div className="h-3 rounded-full bg-white/30" />
            <div className="col-span-2 h-3 rounded-full bg-white/50" />
          </div>
          <PlayIcon className="absolute size-16 text-white drop-shadow-lg" />
        </div>
        <div className="p-5">
          <Eyebrow small>{t('site.marketing.hero.videoLesson')}</Eyebrow>
          <p className="mt-1 font-semibold text-slate-900">{t('site.marketing.hero.nextLesson')}</p>
          <div className="mt-4 flex items-center justify-between text-xs text-slate-500">
            <span>{t('site.marketing.hero.progress')}</span>
            <span className="font-semibold text-slate-700">{t('site.marketing.hero.picksUp')}</span>
          </div>
          <div className="mt-1.5 h-2 rounded-full bg-slate-100">
            <div className="h-2 w-2/3 rounded-full bg-gradient-to-r from-brand-500 to-violet-500 rtl:bg-gradient-to-l" />
          </div>
        </div>
      </div>
      <div className="absolute top-10 -inset-s-10 hidden items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-raised sm:flex">
        <span className="flex size-10 items-center justify-center rounded-xl bg-emerald-50 text-xl text-emerald-600">
          <AwardIcon />
        </span>
        <span>
          <span className="block text-sm font-semibold text-slate-900">
            {t('site.marketing.hero.certificate')}
          </span>
          <span className="block text-xs text-slate-500">{t('site.marketing.hero.certificateNote')}</span>
        </span>
      </div>
      <div className="absolute -inset-e-8 bottom-24 hidden items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-raised sm:flex">
        <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-xl text-brand-600">
          <ClockIcon />
        </span>
        <span>
          <span className="block text-sm font-semibold text-slate-900">
            {t('site.marketing.hero.ownPace')}
          </span>
          <span className="block text-xs text-slate-500">{t('site.marketing.hero.anyDevice')}</span>
        </span>
      </div>
    </div>
  );
};

/** SPEC §2.2 hero: searching goes to /courses with the text. */
export const Hero = () => {
  const t = useT();
  const navigate = useNavigate();
  const searchId = useId();
  const [search, setSearch] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(coursesSearchPath(search));
  };

  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-brand-200 to-transparent" />
      <div className="mx-auto grid w-full max-w-7xl items-center gap-14 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-24">
        <div className="flex min-w-0 flex-col items-start">
          <span className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm">
            <span className="size-1.5 rounded-full bg-brand-500" />
            {t('site.marketing.hero.badge')}
          </span>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
            <T id="site.marketing.hero.title" components={{ 0: <span className="text-brand-600" /> }} />
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            {t('site.marketing.hero.text')}
          </p>
          <div className="mt-8 w-full max-w-xl">
            {/* biome-ignore lint/a11y/useSemanticElements: the <search> element is unknown to older browsers */}
            <form onSubmit={onSubmit} role="search" className="flex w-full flex-col gap-2 sm:flex-row">
              <label htmlFor={searchId} className="sr-only">
                {t('site.marketing.hero.searchLabel')}
              </label>
              <div className="relative flex-1">
                <SearchIcon className="pointer-events-none absolute top-1/2 inset-s-4 size-5 -translate-y-1/2 text-slate-400" />
                <input
                  id={searchId}
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  placeholder={t('site.marketing.hero.searchPlaceholder')}
                  className="h-12 w-full rounded-xl border border-slate-300 bg-white pe-4 ps-12 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none"
                />
              </div>
              <Button type="submit" size="lg">
                {t('site.marketing.hero.search')}
              </Button>
            </form>
          </div>
        </div>
        <div className="hidden lg:block">
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
};
