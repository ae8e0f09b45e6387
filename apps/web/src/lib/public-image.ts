/** A public image the server resizes (a course cover, an author's photo): its own URL, no query. */
const RESIZABLE_URL = /^\/api\/files\/public\/[\w.-]+$/;

/**
 * `src` at each of `widths`, for an image's srcset: the server's WebP variants of a public image (GET
 * files/public/{key}?w=, widths from the contract's IMAGE_WIDTHS). Undefined for any other URL (the
 * placeholder, a file chosen in a form), which is shown as it is.
 */
export const imageSrcSet = (src: string, widths: readonly number[]): string | undefined =>
  RESIZABLE_URL.test(src) ? widths.map((width) => `${src}?w=${width} ${width}w`).join(', ') : undefined;
