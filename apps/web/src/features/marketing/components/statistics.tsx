/** Promotional figures (SPEC §2.2: placeholders, not real counts). */
const FIGURES = [
  { value: '12k+', label: 'Active learners' },
  { value: '350+', label: 'Courses published' },
  { value: '120+', label: 'Expert mentors' },
  { value: '96%', label: 'Would recommend us' },
];

export const Statistics = () => (
  <section aria-label="Skillwise in numbers" className="bg-brand-950">
    <dl className="mx-auto grid w-full max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-4 lg:px-8">
      {FIGURES.map((figure) => (
        <div key={figure.label} className="flex flex-col gap-1 text-center">
          <dt className="text-sm text-brand-200">{figure.label}</dt>
          <dd className="order-first text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  </section>
);
