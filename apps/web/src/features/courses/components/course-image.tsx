import { useState } from 'react';
import { cn } from '@/lib/cn';
import { COVER_SIZES, coverSrcSet } from '../lib/cover-image';

export const COURSE_PLACEHOLDER_IMAGE = '/images/course-placeholder.svg';

type CourseImageProps = {
  src: string | null | undefined;
  alt: string;
  className?: string;
  /** How wide the image is shown (a `sizes` list); a card in a grid unless said. */
  sizes?: string;
  /** The page's largest image on its first screen: loaded at once, first among images. */
  priority?: boolean;
};

/**
 * SPEC §2.2: a missing or broken course image falls back to the local placeholder. A stored cover comes
 * at the width it is shown (srcset of its WebP variants); its 16:9 box is the caller's, so nothing moves
 * when it arrives.
 */
export const CourseImage = ({
  src,
  alt,
  className,
  sizes = COVER_SIZES.card,
  priority = false,
}: CourseImageProps) => {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : COURSE_PLACEHOLDER_IMAGE;
  const srcSet = coverSrcSet(usable);
  return (
    <img
      src={usable}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={1280}
      height={720}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => {
        if (usable !== COURSE_PLACEHOLDER_IMAGE) setFailedSrc(usable);
      }}
      className={cn('size-full object-cover', className)}
    />
  );
};
