import { StarIcon } from '@/components/ui/icons';
import { initialsOf } from '@/lib/initials';

const TESTIMONIALS = [
  {
    quote:
      'The lessons are short and to the point. I finished the data course in three weeks of evenings and used it at work the next Monday.',
    name: 'Amara Okafor',
    role: 'Operations analyst',
    colour: 'bg-amber-100 text-amber-800',
  },
  {
    quote:
      'We moved our whole training catalogue here. Setting up sections and lessons took an afternoon, and our students found it easy.',
    name: 'Daniel Brooks',
    role: 'Director, Northside Coding School',
    colour: 'bg-sky-100 text-sky-800',
  },
  {
    quote:
      'I like that I can come back to a course months later. The certificate helped me land my first freelance project.',
    name: 'Lucía Fernández',
    role: 'Freelance designer',
    colour: 'bg-emerald-100 text-emerald-800',
  },
];

export const Testimonials = () => (
  <section aria-labelledby="testimonials" className="bg-white py-16 lg:py-24">
    <div className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Testimonials</p>
        <h2 id="testimonials" className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
          Loved by learners and schools
        </h2>
      </div>
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((item) => (
          <figure
            key={item.name}
            className="flex flex-col rounded-2xl border border-slate-200/80 bg-white p-6 shadow-card"
          >
            <div className="flex gap-0.5 text-amber-400" role="img" aria-label="Rated 5 out of 5">
              {[1, 2, 3, 4, 5].map((star) => (
                <StarIcon key={star} className="size-4" />
              ))}
            </div>
            <blockquote className="mt-4 flex-1 leading-relaxed text-slate-700">“{item.quote}”</blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`flex size-10 items-center justify-center rounded-full text-sm font-semibold ${item.colour}`}
              >
                {initialsOf(item.name)}
              </span>
              <span>
                <span className="block text-sm font-semibold text-slate-900">{item.name}</span>
                <span className="block text-xs text-slate-500">{item.role}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
    </div>
  </section>
);
