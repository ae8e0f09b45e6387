import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_FILE_DELETE_GRACE_HOURS } from '../../config';
import type { Db } from '../../db/client';
import { findReferencedKeys } from '../../db/queries/files';
import type { FileStorage, StoredFile } from '../../lib/storage';
import { forgetUnnamedFiles } from '../organisations/storage-quota';
import { takeDueFileDeletions } from './media.repository';

/** How long a file may go unnamed by any row before it is an orphan: an upload's row follows its file. */
export const SWEEP_GRACE_MS = 3600_000;
/** How often each instance sweeps (and once at start-up). */
export const SWEEP_INTERVAL_MS = 3600_000;
/** Keys checked against the database in one query. */
const BATCH = 2000;

export type SweepReport = { incomplete: number; deleted: number; orphans: number; kept: number };

/**
 * Removes what no request will finish or name (docs/decisions/006): unfinished writes (`.partial` files,
 * multipart uploads, resumable uploads left alone for the grace period: decision 008), the files that
 * committed changes stopped naming once their own, longer wait is over (decision 011), and stored files
 * that no row names nor the deletion queue holds, each once older than the grace period. Only generated
 * keys are ever listed, so nothing else in the folder or bucket is touched. Several instances may sweep
 * one bucket: removing twice is harmless.
 */
export class FileSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SweepReport | undefined> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Db;
      storage: FileStorage;
      /** Resumable (tus) uploads: those untouched for the grace period are removed too. */
      resumable?: { removeStale(before: Date): Promise<number> } | undefined;
      log?: FastifyBaseLogger;
      graceMs?: number;
      /**
       * How long a file a committed change stopped naming is kept (FILE_DELETE_GRACE_HOURS): longer than
       * any backup runs, so one whose snapshot still names the file finds it to copy.
       */
      deleteGraceMs?: number;
      /**
       * Set when no other process writes these files (local disk under a locked DATA_DIR): anything last
       * written before this moment (the server's start) is no write in progress, so a crash's leftovers
       * go at the first sweep instead of after the grace period. Resumable uploads keep their grace: a
       * client may come back to them.
       */
      exclusiveSince?: Date | undefined;
    },
  ) {}

  /** One sweep as of `now` (tests pass a later clock instead of waiting). */
  async sweep(now = Date.now()): Promise<SweepReport> {
    const { db, storage } = this.deps;
    const graceCutoff = new Date(now - (this.deps.graceMs ?? SWEEP_GRACE_MS));
    const since = this.deps.exclusiveSince;
    const cutoff = since && since > graceCutoff ? since : graceCutoff;
    const report: SweepReport = { incomplete: 0, deleted: 0, orphans: 0, kept: 0 };
    try {
      report.incomplete = await storage.removeIncomplete(cutoff);
    } catch (error) {
      // Some S3-compatible services cannot list multipart uploads: orphans are still swept.
      this.deps.log?.error({ err: error }, 'unfinished uploads could not be removed');
    }
    if (this.deps.resumable) {
      try {
        report.incomplete += await this.deps.resumable.removeStale(graceCutoff);
      } catch (error) {
        this.deps.log?.error({ err: error }, 'stale resumable uploads could not be removed');
      }
    }
    const deleteGraceMs = this.deps.deleteGraceMs ?? DEFAULT_FILE_DELETE_GRACE_HOURS * 3600_000;
    report.deleted = await this.removeDeleted(new Date(now - deleteGraceMs));
    const removeOrphans = async (batch: StoredFile[]) => {
      const referenced = await findReferencedKeys(
        db,
        batch.map((file) => file.key),
      );
      for (const file of batch) {
        if (referenced.has(file.key)) {
          report.kept += 1;
          continue;
        }
        await storage.delete(file.key);
        report.orphans += 1;
      }
    };
    let batch: StoredFile[] = [];
    for await (const file of storage.list()) {
      if (this.stopped) break;
      if (file.settledAt >= cutoff) {
        report.kept += 1;
        continue;
      }
      batch.push(file);
      if (batch.length >= BATCH) {
        await removeOrphans(batch);
        batch = [];
      }
    }
    if (batch.length > 0 && !this.stopped) await removeOrphans(batch);
    // Orphans no longer count against their organisation's storage allowance.
    if (!this.stopped) await forgetUnnamedFiles(db, cutoff);
    return report;
  }

  /**
   * Deletes the files that committed changes stopped naming before `before`, taking them off the queue
   * first. A key a row names again (a resumable upload's last request repeated) keeps its file; a file
   * that cannot be deleted now is an orphan the next pass removes.
   */
  private async removeDeleted(before: Date): Promise<number> {
    const { db, storage } = this.deps;
    let deleted = 0;
    for (let full = true; full && !this.stopped; ) {
      const due = await takeDueFileDeletions(db, before, BATCH);
      full = due.length === BATCH;
      const named = await findReferencedKeys(db, due);
      for (const key of due) {
        if (named.has(key)) continue;
        try {
          await storage.delete(key);
          deleted += 1;
        } catch (error) {
          this.deps.log?.warn({ err: error, key }, 'a deleted file could not be removed yet');
        }
      }
    }
    return deleted;
  }

  private run(): Promise<SweepReport | undefined> {
    if (this.running) return this.running;
    if (this.stopped) return Promise.resolve(undefined);
    const started = Date.now();
    this.running = this.sweep()
      .then((report) => {
        if (report.incomplete + report.deleted + report.orphans > 0) {
          this.deps.log?.info({ ...report, ms: Date.now() - started }, 'stored files swept');
        }
        return report;
      })
      .catch((error: unknown) => {
        this.deps.log?.error({ err: error }, 'file sweep failed');
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /**
   * Sweeps now, then every `intervalMs`; the timer never keeps the process alive. Answers the first
   * sweep's report (undefined when it failed: failures are logged, never thrown).
   */
  start(intervalMs = SWEEP_INTERVAL_MS): Promise<SweepReport | undefined> {
    this.stopped = false;
    this.timer = setInterval(() => void this.run(), intervalMs);
    this.timer.unref();
    return this.run();
  }

  /** Stops the timer; a sweep in progress ends at its next file, and is waited for (the database closes next). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
