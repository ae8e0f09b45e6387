import { Link } from 'react-router';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export const CallToAction = () => (
  <section aria-labelledby="call-to-action" className="bg-white px-4 pb-16 sm:px-6 lg:px-8 lg:pb-24">
    <div className="relative mx-auto w-full max-w-7xl overflow-hidden rounded-3xl bg-gradient-to-br from-brand-700 via-brand-600 to-violet-600 px-6 py-14 text-center sm:px-12">
      <div className="absolute -top-24 -right-24 size-72 rounded-full bg-white/10" aria-hidden="true" />
      <div className="absolute -bottom-32 -left-16 size-80 rounded-full bg-white/5" aria-hidden="true" />
      <div className="relative">
        <h2 id="call-to-action" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Start learning today
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-brand-100">
          Join more than 12,000 learners and 350 courses. Create your free account in under a minute.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to={paths.registerOption} className={buttonClassName({ variant: 'light', size: 'lg' })}>
            Join Now
          </Link>
          <Link to={paths.courses} className={buttonClassName({ variant: 'onDark', size: 'lg' })}>
            Browse courses
          </Link>
        </div>
      </div>
    </div>
  </section>
);
