/**
 * The widths a public image (a course cover, an author's photo) is also served at, as WebP:
 * GET files/public/{key}?w= (an addition to the contract, README). The web app's srcset offers these.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** A public image the server resizes (a course cover, an author's photo): its own URL, no query. */
const RESIZABLE_URL = /^\/api\/files\/public\/[\w.-]+$/;

/**
 * `src` at each of `widths`, for an image's srcset: the server's WebP variants of a public image (GET
 * files/public/{key}?w=, widths from IMAGE_WIDTHS). Undefined for any other URL (the placeholder, a file
 * chosen in a form), which is shown as it is.
 */
export const imageSrcSet = (src: string, widths: readonly number[]): string | undefined =>
  RESIZABLE_URL.test(src) ? widths.map((width) => `${src}?w=${width} ${width}w`).join(', ') : undefined;

/** The widths offered for a course cover: from a phone's card to a wide screen's at twice its pixels. */
export const COVER_WIDTHS = IMAGE_WIDTHS.filter((width) => width >= 320);

/** A cover's srcset, or undefined for an image the server does not resize. */
export const coverSrcSet = (src: string): string | undefined => imageSrcSet(src, COVER_WIDTHS);

/**
 * How wide a cover is shown, for the browser to choose its width before the page is laid out (the web
 * app's grids of cards and the course page's side card). The server names a course page's cover for
 * preloading with the same candidates and sizes, so the browser fetches it once.
 */
export const COVER_SIZES = {
  /** A card in the grid of one, two, three or four columns, within the page's 1280 px. */
  card: '(min-width: 1280px) 296px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, calc(100vw - 2rem)',
  /** The course page's card beside the text on a wide screen, above it on a narrow one (the learning screen's side panel alike). */
  detail: '(min-width: 1024px) 360px, calc(100vw - 2rem)',
} as const;
