/**
 * The widths a public image (a course cover, an author's photo) is also served at, as WebP:
 * GET files/public/{key}?w= (an addition to the contract, README). The web app's srcset offers these.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
