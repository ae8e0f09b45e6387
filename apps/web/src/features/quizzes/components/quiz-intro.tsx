import type { ReactNode } from 'react';

/** One fact of a quiz before it is taken: "Questions", "5". */
export type QuizFact = { label: string; value: string };

/** What a quiz is before it starts: its facts, a note, and what may be done now. */
export const QuizIntro = ({ facts, children }: { facts: QuizFact[]; children?: ReactNode }) => (
  <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {facts.map((fact) => (
        <div key={fact.label} className="flex flex-col gap-0.5 rounded-xl bg-slate-50 px-3 py-2">
          <dt className="text-xs font-medium text-slate-600">{fact.label}</dt>
          <dd className="font-semibold text-slate-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
    {children}
  </div>
);
