import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { lessons, storedFiles, videoAssets, videoJobs } from '../../db/schema';

export type VideoJob = typeof videoJobs.$inferSelect;
export type VideoAsset = typeof videoAssets.$inferSelect;
export type NewVideoAsset = typeof videoAssets.$inferInsert;

/**
 * Claims the oldest job to do for `worker`: a queued one, or a running one whose heartbeat stopped
 * `staleSeconds` ago (its instance died mid-encode). Instances claiming at once take different jobs.
 */
export async function claimVideoJob(
  db: Db,
  worker: string,
  staleSeconds: number,
): Promise<VideoJob | undefined> {
  const result = await db.execute(sql`
    update ${videoJobs} set state = 'running', claimed_by = ${worker}, heartbeat_at = now(),
      attempts = ${videoJobs.attempts} + 1, progress = 0, updated_at = now()
    where ${videoJobs.id} = (
      select ${videoJobs.id} from ${videoJobs}
      where ${videoJobs.state} = 'queued'
        or (${videoJobs.state} = 'running'
          and ${videoJobs.heartbeatAt} < now() - make_interval(secs => ${staleSeconds}))
      order by ${videoJobs.id}
      limit 1
      for update skip locked)
    returning id, lesson_id as "lessonId", source_key as "sourceKey", attempts`);
  const [row] = rowsOf<{ id: number; lessonId: number; sourceKey: string; attempts: number }>(result);
  if (!row) return undefined;
  const [job] = await db.select().from(videoJobs).where(eq(videoJobs.id, row.id));
  return job;
}

/** Still this worker's and running: records the heartbeat and progress. False once it was cancelled or taken. */
export async function beatVideoJob(db: Db, id: number, worker: string, progress: number): Promise<boolean> {
  const rows = await db
    .update(videoJobs)
    .set({ heartbeatAt: sql`now()`, progress, updatedAt: sql`now()` })
    .where(and(eq(videoJobs.id, id), eq(videoJobs.claimedBy, worker), eq(videoJobs.state, 'running')))
    .returning({ id: videoJobs.id });
  return rows.length > 0;
}

/** Of `ids`, the jobs running under a claim whose heartbeat is younger than `staleSeconds`, with their claim. */
export async function liveVideoClaims(
  db: Db,
  ids: number[],
  staleSeconds: number,
): Promise<{ id: number; claimedBy: string | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: videoJobs.id, claimedBy: videoJobs.claimedBy })
    .from(videoJobs)
    .where(
      and(
        inArray(videoJobs.id, ids),
        eq(videoJobs.state, 'running'),
        sql`${videoJobs.heartbeatAt} >= now() - make_interval(secs => ${staleSeconds})`,
      ),
    );
}

/** Ends a job this worker holds; false when it was cancelled or taken meanwhile. */
export async function finishVideoJob(
  db: Db,
  id: number,
  worker: string,
  end: { state: 'done' | 'failed' | 'queued'; error?: string | null; renditions?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(videoJobs)
    .set({
      state: end.state,
      error: end.error ?? null,
      renditions: end.renditions ?? false,
      progress: end.state === 'done' ? 100 : 0,
      claimedBy: end.state === 'queued' ? null : worker,
      // A job given back by a stopping instance did not fail: its claim does not count.
      ...(end.state === 'queued' ? { attempts: sql`greatest(${videoJobs.attempts} - 1, 0)` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(videoJobs.id, id), eq(videoJobs.claimedBy, worker), eq(videoJobs.state, 'running')))
    .returning({ id: videoJobs.id });
  return rows.length > 0;
}

/** The lesson's stored file as it is now, with its school. */
export async function lessonSource(db: Db, lessonId: number) {
  const [row] = await db
    .select({ fileKey: lessons.fileKey, fileMime: lessons.fileMime })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  return row;
}

/**
 * The lesson now names `next`, the same video with its index first, in place of `previous` (only if it
 * still names `previous`): the new file takes the old one's place in the school's storage, and the old one
 * is queued for deletion by the lessons table's trigger, which also queues the job for the new file.
 */
export async function swapLessonFile(
  db: Db,
  lessonId: number,
  previous: string,
  next: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${storedFiles} (file_key, org_id, size_bytes)
      select ${next}, org_id, size_bytes from ${storedFiles} where file_key = ${previous}
      on conflict do nothing`);
    const rows = await tx
      .update(lessons)
      .set({ fileKey: next })
      .where(and(eq(lessons.id, lessonId), eq(lessons.fileKey, previous)))
      .returning({ id: lessons.id });
    if (rows.length === 0) {
      await tx.delete(storedFiles).where(eq(storedFiles.fileKey, next));
      return false;
    }
    return true;
  });
}

/**
 * Records what a job made and ends it as done, in one transaction, only while the job is still this
 * worker's and the lesson still names its file; false otherwise (the caller removes the files).
 */
export async function saveVideoAssets(
  db: Db,
  job: { id: number; lessonId: number; sourceKey: string },
  worker: string,
  assets: NewVideoAsset[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const held = await tx.execute(sql`
      select 1 from ${videoJobs} j join ${lessons} l on l.id = j.lesson_id
      where j.id = ${job.id} and j.claimed_by = ${worker} and j.state = 'running'
        and l.file_key = ${job.sourceKey}
      for update of j`);
    if (rowsOf(held).length === 0) return false;
    await tx
      .delete(videoAssets)
      .where(and(eq(videoAssets.lessonId, job.lessonId), eq(videoAssets.sourceKey, job.sourceKey)));
    if (assets.length > 0) await tx.insert(videoAssets).values(assets);
    await tx
      .update(videoJobs)
      .set({ state: 'done', progress: 100, error: null, renditions: true, updatedAt: sql`now()` })
      .where(eq(videoJobs.id, job.id));
    return true;
  });
}

/**
 * Jobs that ended without making the ladder (no ffmpeg then) are queued again: the server can make it now.
 * Answers how many.
 */
export async function requeueWithoutRenditions(db: Db): Promise<number> {
  const rows = await db
    .update(videoJobs)
    .set({ state: 'queued', attempts: 0, claimedBy: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(videoJobs.state, 'done'),
        eq(videoJobs.renditions, false),
        sql`exists (select 1 from ${lessons} l where l.id = ${videoJobs.lessonId} and l.file_key = ${videoJobs.sourceKey})`,
      ),
    )
    .returning({ id: videoJobs.id });
  return rows.length;
}

/** The state of each lesson's current file's latest job, and what was made from it: one query each. */
export async function videoStatesOf(db: Db, lessonFiles: { id: number; fileKey: string }[]) {
  if (lessonFiles.length === 0)
    return { jobs: new Map<number, VideoJob>(), assets: new Map<number, VideoAsset[]>() };
  const ids = lessonFiles.map((l) => l.id);
  const keyOf = new Map(lessonFiles.map((l) => [l.id, l.fileKey]));
  const [jobRows, assetRows] = await Promise.all([
    db
      .selectDistinctOn([videoJobs.lessonId, videoJobs.sourceKey])
      .from(videoJobs)
      .where(inArray(videoJobs.lessonId, ids))
      .orderBy(videoJobs.lessonId, videoJobs.sourceKey, sql`${videoJobs.id} desc`),
    db
      .select()
      .from(videoAssets)
      .where(inArray(videoAssets.lessonId, ids))
      .orderBy(videoAssets.lessonId, videoAssets.height, videoAssets.width),
  ]);
  const jobs = new Map<number, VideoJob>();
  for (const job of jobRows) if (keyOf.get(job.lessonId) === job.sourceKey) jobs.set(job.lessonId, job);
  const assets = new Map<number, VideoAsset[]>();
  for (const asset of assetRows) {
    if (keyOf.get(asset.lessonId) !== asset.sourceKey) continue;
    const list = assets.get(asset.lessonId) ?? [];
    list.push(asset);
    assets.set(asset.lessonId, list);
  }
  return { jobs, assets };
}

/** One lesson's asset of its current file, by kind and height (a rendition) or width (a poster). */
export async function videoAssetsOf(db: Db, lessonId: number, sourceKey: string): Promise<VideoAsset[]> {
  return db
    .select()
    .from(videoAssets)
    .where(and(eq(videoAssets.lessonId, lessonId), eq(videoAssets.sourceKey, sourceKey)))
    .orderBy(videoAssets.height);
}
