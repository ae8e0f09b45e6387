import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

export const NotFoundPage = ({ homePath = paths.home }: { homePath?: string }) => {
  const t = useT();
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{t('common.notFound.title')}</h1>
      <p className="mt-3 max-w-md text-slate-600">{t('common.notFound.text')}</p>
      <Link to={homePath} className={buttonClassName({ className: 'mt-8' })}>
        {t('common.notFound.home')}
      </Link>
    </div>
  );
};
