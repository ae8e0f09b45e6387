import { lessonKind } from '@skillwise/contracts';

/**
 * The kinds a viewer can open: every lesson type (SPEC §3: video, pdf, audio, text) and the images a
 * bulk upload may hold. Only a lesson without a file has nothing to open. Apart from the viewer itself,
 * so a page can list lessons before the viewer's code has loaded.
 */
export const isViewable = (contentType: string): boolean => {
  const kind = lessonKind(contentType);
  return kind === 'video' || kind === 'pdf' || kind === 'audio' || kind === 'text' || kind === 'image';
};
