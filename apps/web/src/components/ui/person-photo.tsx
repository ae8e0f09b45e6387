import { imageSrcSet } from '@skillwise/contracts';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { initialsOf } from '@/lib/initials';

/** A photo is shown at 40 to 64 px: its 160 px variant, or 320 on a dense screen, never the upload. */
const PHOTO_WIDTHS = [160, 320] as const;

type PersonPhotoProps = {
  src: string | null | undefined;
  firstName: string;
  lastName: string;
  className?: string;
};

/** A round photo of a person; their initials when there is none or it fails to load. */
export const PersonPhoto = ({ src, firstName, lastName, className }: PersonPhotoProps) => {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const classes = cn('size-10 shrink-0 rounded-full', className);
  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        srcSet={imageSrcSet(src, PHOTO_WIDTHS)}
        sizes="64px"
        alt=""
        width={64}
        height={64}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={cn(classes, 'bg-slate-100 object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        classes,
        'flex items-center justify-center bg-brand-100 text-sm font-semibold text-brand-700 select-none',
      )}
    >
      {initialsOf(`${firstName} ${lastName}`)}
    </span>
  );
};
