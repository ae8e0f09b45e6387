import { coverSrcSet } from '@skillwise/contracts';

/** The cover's candidates and sizes are the contract's: the server names the same in a course's pages. */
export { COVER_SIZES, coverSrcSet } from '@skillwise/contracts';

/**
 * Starts loading the cover the page's largest paint will be, as soon as its URL is known (before the
 * page's code has drawn it): the same candidates and sizes as the image, so the browser fetches once.
 * A cover the server already named in the page (a course's pages, apps/api public-pages) is not named
 * twice.
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
