import { useEffect } from 'react';
import { FeaturedCourses } from '@/features/courses/components/featured-courses';
import { useSelectCourse } from '@/features/courses/hooks/use-select-course';
import { CallToAction } from '@/features/marketing/components/call-to-action';
import { LearnerFeatures, PublisherFeatures } from '@/features/marketing/components/features';
import { Hero } from '@/features/marketing/components/hero';
import { Statistics } from '@/features/marketing/components/statistics';
import { Testimonials } from '@/features/marketing/components/testimonials';
import { storage } from '@/lib/storage';

/** SPEC §2.2: the landing page; opening it clears all local storage. */
export const LandingPage = () => {
  const selectCourse = useSelectCourse();

  useEffect(() => {
    storage.clear();
  }, []);

  return (
    <>
      <Hero />
      <Statistics />
      <FeaturedCourses onSelect={selectCourse} />
      <LearnerFeatures />
      <PublisherFeatures />
      <Testimonials />
      <CallToAction />
    </>
  );
};
