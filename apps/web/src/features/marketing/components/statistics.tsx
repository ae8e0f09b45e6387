import type { SiteFigures } from '@skillwise/contracts';
import { formatCount } from '@/lib/format';

/** Each figure's words, one and many. */
const LABELS: Record<keyof SiteFigures, [string, string]> = {
  courses: ['Course published', 'Courses published'],
  students: ['Student', 'Students'],
  certificates: ['Certificate issued', 'Certificates issued'],
  schools: ['School teaching', 'Schools teaching'],
};

const ORDER: Array<keyof SiteFigures> = ['courses', 'students', 'certificates', 'schools'];

/** The figures worth showing: those above zero, in a fixed order, with their words. */
export const shownFigures = (figures: SiteFigures) =>
  ORDER.filter((key) => figures[key] > 0).map((key) => {
    const [one, many] = LABELS[key];
    return { key, value: formatCount(figures[key]), label: figures[key] === 1 ? one : many };
  });

/**
 * The installation in numbers, counted by the server (site/GetLandingContent): a figure that is zero is
 * left out, and with none above zero the band is not shown at all (SPEC §2.2's fixed promotional figures
 * are not shown; decision 015, DESIGN decision 13).
 */
export const Statistics = ({ figures }: { figures: SiteFigures | undefined }) => {
  const shown = figures ? shownFigures(figures) : [];
  if (shown.length === 0) return null;
  return (
    <section aria-label="Skillwise in numbers" className="bg-brand-950">
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
