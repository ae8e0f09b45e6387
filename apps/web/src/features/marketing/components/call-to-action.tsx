import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import type { MessageId } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

type CallToActionProps = {
  /** For someone signed in: their way back (My Courses, Dashboard) in place of Join Now. */
  wayBack?: { label: MessageId; to: string } | null;
};

/** The closing call to action; it names no figure it cannot show to be true. */
export const CallToAction = ({ wayBack = null }: CallToActionProps) => {
  const t = useT();
  return (
    <section aria-labelledby="call-to-action" className="bg-white px-4 pb-16 sm:px-6 lg:px-8 lg:pb-24">
      <div className="relative mx-auto w-full max-w-7xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-violet-600 px-6 py-14 text-center sm:px-12">
        <div className="absolute -top-24 -end-24 size-72 rounded-full bg-white/10" aria-hidden="true" />
        <div className="absolute -bottom-32 -start-16 size-80 rounded-full bg-white/5" aria-hidden="true" />
        <div className="relative">
          <h2 id="call-to-action" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            {t('site.cta.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">
            {wayBack ? t('site.cta.signedIn') : t('site.cta.visitor')}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to={wayBack?.to ?? paths.registerOption}
              className={buttonClassName({ variant: 'light', size: 'lg' })}
            >
              {t(wayBack?.label ?? 'common.nav.joinNow')}
            </Link>
            <Link to={paths.courses} className={buttonClassName({ variant: 'onDark', size: 'lg' })}>
              {t('site.cta.browse')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
};
