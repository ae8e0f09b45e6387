import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, gt, isNotNull, isNull, like, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { lessons } from '../../db/schema';
import { storedMediaDuration } from '../../lib/media-duration';
import type { FileStorage } from '../../lib/storage';

/** Lessons looked up at once; their files are then read one at a time. */
const BATCH = 100;
/** A pause between two files, so the pass never crowds out the requests being served. */
const PAUSE_MS = 20;
/** How long after start-up the pass begins. */
const START_DELAY_MS = 10_000;

/** Video and audio lessons whose duration is unknown, after `afterId` in id order. */
export async function listLessonsWithoutDuration(db: Db, afterId: number, limit: number) {
  return db
    .select({
      id: lessons.id,
      fileKey: lessons.fileKey,
      fileMime: lessons.fileMime,
      fileSize: lessons.fileSize,
    })
    .from(lessons)
    .where(
      and(
        gt(lessons.id, afterId),
        isNull(lessons.durationSeconds),
        isNotNull(lessons.fileKey),
        or(like(lessons.fileMime, 'video/%'), like(lessons.fileMime, 'audio/%')),
      ),
    )
    .orderBy(asc(lessons.id))
    .limit(limit);
}

/**
 * Records a duration read from the file the lesson still names (a file replaced meanwhile brought its
 * own). Not a change of the lesson: its updated_at, the course's "last updated", stays as it was.
 */
export async function setLessonDuration(db: Db, id: number, fileKey: string, seconds: number) {
  await db
    .update(lessons)
    .set({ durationSeconds: seconds })
    .where(and(eq(lessons.id, id), eq(lessons.fileKey, fileKey), isNull(lessons.durationSeconds)));
}

export type DurationReport = { measured: number; unknown: number };

/**
 * Fills in the durations of video and audio lessons stored before durations were read at upload (or
 * whose file could not be read then): one pass after start-up, one file at a time, reading a few blocks
 * of each by range. With no such lesson it is one query. A file it still cannot read keeps a null
 * duration, and is tried again at the next start. Several instances may run it at once: the same
 * duration is written at most once.
 */
export class LessonDurationBackfill {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<DurationReport | undefined> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Db;
      storage: FileStorage;
      log?: FastifyBaseLogger;
      pauseMs?: number;
    },
  ) {}

  /** One pass over every lesson without a duration. */
  async run(): Promise<DurationReport> {
    const { db, storage, log } = this.deps;
    const report: DurationReport = { measured: 0, unknown: 0 };
    let afterId = 0;
    while (!this.stopped) {
      const batch = await listLessonsWithoutDuration(db, afterId, BATCH);
      for (const lesson of batch) {
        if (this.stopped) break;
        afterId = lesson.id;
        if (!lesson.fileKey) continue;
        const seconds = await storedMediaDuration(
          storage,
          { key: lesson.fileKey, mime: lesson.fileMime, size: lesson.fileSize },
          log,
        );
        if (seconds === null) report.unknown += 1;
        else {
          await setLessonDuration(db, lesson.id, lesson.fileKey, seconds);
          report.measured += 1;
        }
        await sleep(this.deps.pauseMs ?? PAUSE_MS);
      }
      if (batch.length < BATCH) break;
    }
    return report;
  }

  /** Runs the pass once, `delayMs` after start-up; the timer never keeps the process alive. */
  start(delayMs = START_DELAY_MS) {
    this.stopped = false;
    this.timer = setTimeout(() => {
      const started = Date.now();
      this.running = this.run()
        .then((report) => {
          if (report.measured + report.unknown > 0) {
            this.deps.log?.info({ ...report, ms: Date.now() - started }, 'lesson durations read');
          }
          return report;
        })
        .catch((error: unknown) => {
          this.deps.log?.error({ err: error }, 'lesson durations could not be read');
          return undefined;
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Stops the pass at its next file, and waits for it (the database closes next). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
