import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import type { MessageId } from '@/lib/i18n/i18n';
import { T, useT } from '@/lib/i18n/use-t';
import { paths } from '@/lib/paths';

const QUESTIONS: ReadonlyArray<{ question: MessageId; answer: MessageId }> = [
  { question: 'site.siteRoutes.help.account', answer: 'site.siteRoutes.help.accountAnswer' },
  { question: 'site.siteRoutes.help.password', answer: 'site.siteRoutes.help.passwordAnswer' },
  { question: 'site.siteRoutes.help.publish', answer: 'site.siteRoutes.help.publishAnswer' },
];

export const HelpPage = () => {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('site.siteRoutes.help.title')}</h1>
      <p className="mt-2 text-slate-600">{t('site.siteRoutes.help.intro')}</p>
      <div className="mt-8 flex flex-col gap-4">
        {QUESTIONS.map((item) => (
          <Card key={item.question} className="p-6">
            <h2 className="font-semibold text-slate-900">{t(item.question)}</h2>
            <p className="mt-2 text-sm text-slate-600">{t(item.answer)}</p>
          </Card>
        ))}
      </div>
      <p className="mt-8 text-sm text-slate-600">
        <T
          id="site.siteRoutes.help.ready"
          components={{
            0: <Link to={paths.courses} className="font-semibold text-brand-600 hover:underline" />,
          }}
        />
      </p>
    </div>
  );
};
