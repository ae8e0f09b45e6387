import type { SiteFigures } from '@skillwise/contracts';
import { formatCount } from '@/lib/format';
import { type MessageId, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** Each figure's words, by the count (a plural message). */
const LABELS: Record<keyof SiteFigures, MessageId> = {
  courses: 'site.marketing.figure.courses',
  students: 'site.marketing.figure.students',
  certificates: 'site.marketing.figure.certificates',
  schools: 'site.marketing.figure.schools',
};

const ORDER: Array<keyof SiteFigures> = ['courses', 'students', 'certificates', 'schools'];

/** The figures worth showing: those above zero, in a fixed order, with their words. */
export const shownFigures = (figures: SiteFigures) =>
  ORDER.filter((key) => figures[key] > 0).map((key) => ({
    key,
    value: formatCount(figures[key]),
    label: translate(LABELS[key], { count: figures[key] }),
  }));

/**
 * The installation in numbers, counted by the server (site/GetLandingContent): a figure that is zero is
 * left out, and with none above zero the band is not shown at all (SPEC §2.2's fixed promotional figures
 * are not shown; decision 015, DESIGN decision 13).
 */
export const Statistics = ({ figures }: { figures: SiteFigures | undefined }) => {
  const t = useT();
  const shown = figures ? shownFigures(figures) : [];
  if (shown.length === 0) return null;
  return (
    <section aria-label={t('site.marketing.figures')} className="bg-brand-950">
      <dl className="mx-auto flex w-full max-w-7xl flex-wrap justify-center gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:px-8">
        {shown.map((figure) => (
          <div
            key={figure.key}
            className="flex min-w-36 flex-1 basis-36 flex-col gap-1 text-center sm:max-w-72"
          >
            <dt className="text-sm text-brand-200">{figure.label}</dt>
            <dd className="order-first text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
};
