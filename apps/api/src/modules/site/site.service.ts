import { type LandingContent, TESTIMONIALS_SHOWN } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { countSiteFigures, listTestimonials, toTestimonial } from './site.repository';

/** What the public landing page says about the installation: only what is true of it. */
export class SiteService {
  constructor(private readonly deps: { db: Db }) {}

  /**
   * site/GetLandingContent: the same answer for everyone, signed in or not, since it holds only public
   * counts (no organisation's drafts, no account) and what the operator wrote for the public.
   */
  async landingContent(): Promise<LandingContent> {
    const [figures, testimonials] = await Promise.all([
      countSiteFigures(this.deps.db),
      listTestimonials(this.deps.db, TESTIMONIALS_SHOWN),
    ]);
    return { figures, testimonials: testimonials.map(toTestimonial) };
  }
}
