import { useEffect } from 'react';
import { wayBack } from '@/components/layouts/site-header';
import { FeaturedCourses } from '@/features/courses/components/featured-courses';
import { useSelectCourse } from '@/features/courses/hooks/use-select-course';
import { useLandingContent } from '@/features/marketing/api/landing';
import { CallToAction } from '@/features/marketing/components/call-to-action';
import { LearnerFeatures, PublisherFeatures } from '@/features/marketing/components/features';
import { Hero } from '@/features/marketing/components/hero';
import { Statistics } from '@/features/marketing/components/statistics';
import { Testimonials } from '@/features/marketing/components/testimonials';
import { storage, storedSession } from '@/lib/storage';

/**
 * SPEC §2.2: the landing page. Opening it starts a visit afresh (the chosen course, the screens'
 * navigation keys) but keeps whoever is signed in (decision 015). Its figures and testimonials are the
 * installation's own, shown only when there are some; the figures come after the featured courses, by
 * when their answer (asked for as the app starts, app/first-page-data.ts) is there, so nothing on the
 * first screen moves when it arrives.
 */
export const LandingPage = () => {
  const selectCourse = useSelectCourse();
  const content = useLandingContent();
  const session = storedSession();

  useEffect(() => {
    storage.clearForLanding();
  }, []);

  return (
    <>
      <Hero />
      <FeaturedCourses onSelect={selectCourse} />
      <Statistics figures={content.data?.figures} />
      <LearnerFeatures />
      <PublisherFeatures />
      <Testimonials items={content.data?.testimonials} />
      <CallToAction wayBack={session ? wayBack(session) : null} />
    </>
  );
};
