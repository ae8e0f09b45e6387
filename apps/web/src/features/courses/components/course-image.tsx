import { useState } from 'react';
import { cn } from '@/lib/cn';

export const COURSE_PLACEHOLDER_IMAGE = '/images/course-placeholder.svg';

type CourseImageProps = { src: string | null | undefined; alt: string; className?: string };

/** SPEC §2.2: a missing or broken course image falls back to the local placeholder. */
export const CourseImage = ({ src, alt, className }: CourseImageProps) => {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : COURSE_PLACEHOLDER_IMAGE;
  return (
    <img
      src={usable}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (usable !== COURSE_PLACEHOLDER_IMAGE) setFailedSrc(usable);
      }}
      className={cn('size-full object-cover', className)}
    />
  );
};
