import type { ReactNode } from 'react';
import { Card, CardTitle } from './card';

/** A titled part of a page: its heading and the line under it, then its content. */
export type TitledProps = {
  title: string;
  description: string;
  children: ReactNode;
};

type TitledCardProps = TitledProps & {
  /** Controls for the whole card (a choice of period), beside its heading, below it on a narrow screen. */
  actions?: ReactNode;
};

/** A card holding one titled part of a page: its heading, a line saying what it is, then its content. */
export const TitledCard = ({ title, description, actions, children }: TitledCardProps) => (
  <Card className="p-5 sm:p-6">
    <section aria-label={title} className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>{title}</CardTitle>
          <p className="mt-0.5 text-sm text-slate-500">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  </Card>
);
