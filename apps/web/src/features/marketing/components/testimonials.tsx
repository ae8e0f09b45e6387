import type { Testimonial } from '@skillwise/contracts';
import { SectionHeading } from '@/components/ui/page-header';
import { useT } from '@/lib/i18n/use-t';
import { initialsOf } from '@/lib/initials';

const COLOURS = ['bg-amber-100 text-amber-800', 'bg-sky-100 text-sky-800', 'bg-emerald-100 text-emerald-800'];

/**
 * What people said, as the installation's operator wrote it (`npm run testimonials`, README); none by
 * default, and then no section at all. No stars: the operator writes words, not ratings.
 */
export const Testimonials = ({ items }: { items: Testimonial[] | undefined }) => {
  const t = useT();
  if (!items || items.length === 0) return null;
  return (
    <section aria-labelledby="testimonials" className="bg-white py-16 lg:py-24">
      <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <SectionHeading
            id="testimonials"
            eyebrow={t('site.marketing.testimonials')}
            title={t('site.marketing.testimonialsTitle')}
          />
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-3">
          {items.map((item, index) => (
            <figure
              // biome-ignore lint/suspicious/noArrayIndexKey: the operator's list, in its order, may repeat a name
              key={index}
              className="flex flex-col rounded-2xl border border-slate-200/80 bg-white p-6 shadow-card"
            >
              <blockquote className="flex-1 leading-relaxed break-words text-slate-700">
                {t('site.marketing.quote', { quote: item.quote })}
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={`flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${COLOURS[index % COLOURS.length]}`}
                >
                  {initialsOf(item.name)}
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-semibold break-words text-slate-900">{item.name}</span>
                  {item.role ? (
                    <span className="block text-xs break-words text-slate-500">{item.role}</span>
                  ) : null}
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
};
