import type { ReactNode } from 'react';
import { Card } from './card';

type TitledCardProps = { title: string; description: string; children: ReactNode };

/** A card holding one titled part of a settings page: its heading, a line saying what it is, then its fields. */
export const TitledCard = ({ title, description, children }: TitledCardProps) => (
  <Card className="p-5 sm:p-6">
    <section aria-label={title} className="flex flex-col gap-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
      </div>
      {children}
    </section>
  </Card>
);
