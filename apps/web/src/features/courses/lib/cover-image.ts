import { IMAGE_WIDTHS } from '@skillwise/contracts';
import { imageSrcSet } from '@/lib/public-image';

/** The widths offered for a cover: from a phone's card to a wide screen's at twice its pixels. */
const COVER_WIDTHS = IMAGE_WIDTHS.filter((width) => width >= 320);

/** A cover's srcset, or undefined for an image the server does not resize. */
export const coverSrcSet = (src: string): string | undefined => imageSrcSet(src, COVER_WIDTHS);

/**
 * How wide a cover is shown, for the browser to choose its width before the page is laid out (the
 * grids of cards and the course page's side card, apps/web/src/features/courses/components).
 */
export const COVER_SIZES = {
  /** A card in the grid of one, two, three or four columns, within the page's 1280 px. */
  card: '(min-width: 1280px) 296px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, calc(100vw - 2rem)',
  /** The course page's card beside the text on a wide screen, above it on a narrow one. */
  detail: '(min-width: 1024px) 360px, calc(100vw - 2rem)',
} as const;

/**
 * Starts loading the cover the page's largest paint will be, as soon as its URL is known (before the
 * page's code has drawn it): the same candidates and sizes as the image, so the browser fetches once.
 */
export const preloadCover = (src: string | null | undefined, sizes: string) => {
  const srcSet = src ? coverSrcSet(src) : undefined;
  if (!src || !srcSet) return;
  const links = document.head.querySelectorAll('link[rel="preload"][as="image"]');
  if ([...links].some((link) => link.getAttribute('imagesrcset') === srcSet)) return;
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', 'image');
  link.setAttribute('href', src);
  link.setAttribute('imagesrcset', srcSet);
  link.setAttribute('imagesizes', sizes);
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
};
