import type { KeyObject } from 'node:crypto';
import type { CaptionTrack } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { listCaptionsOf } from '../../db/queries/captions';
import { mediaUrlWindow } from '../../lib/media-urls';
import { signCaptionUrl } from '../../lib/signed-url';

/** What captionTracksFor needs: the CurriculumService's own deps fit. */
export type CaptionTrackDeps = {
  db: Db;
  /** The media-URL key (lib/keys.ts). */
  mediaUrlKey: KeyObject;
  /** MEDIA_URL_TTL_HOURS: how long a signed URL lives past its hour's window. */
  config: { mediaUrlTtlHours: number };
};

/**
 * The captions tracks of each lesson of `lessonIds` for a viewer the caller has already allowed to read
 * those lessons (0 for a visitor), by language, in one query for them all. Each URL is the server's own
 * signed URL (always served through the API, same origin, so a <track> needs no CORS), made per hour as
 * lib/media-urls.ts makes them: answers that carry them keep their ETag within the hour. A lesson without
 * captions is absent from the map.
 */
export async function captionTracksFor(
  deps: CaptionTrackDeps,
  lessonIds: number[],
  viewerId: number,
  nowMs = Date.now(),
): Promise<Map<number, CaptionTrack[]>> {
  const tracks = new Map<number, CaptionTrack[]>();
  const ids = [...new Set(lessonIds)];
  if (ids.length === 0) return tracks;
  const { expires } = mediaUrlWindow(nowMs, deps.config.mediaUrlTtlHours);
  for (const row of await listCaptionsOf(deps.db, ids)) {
    const url = signCaptionUrl(deps.mediaUrlKey, {
      lessonId: row.lessonId,
      language: row.language,
      fileKey: row.fileKey,
      viewerId,
      expires,
    });
    const list = tracks.get(row.lessonId) ?? [];
    list.push({ language: row.language, label: row.label, url });
    tracks.set(row.lessonId, list);
  }
  return tracks;
}
