import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { moovPlacement, NotRewritable, writeFaststart } from '../../lib/mp4-faststart';
import { type FileStorage, newFileKey } from '../../lib/storage';
import { encodeLadder, type Ffmpeg, FfmpegError, ladderFor, makePosters, probe } from './ffmpeg';
import { toStoredPlaylist } from './playlists';
import {
  beatVideoJob,
  claimVideoJob,
  finishVideoJob,
  lessonSource,
  liveVideoClaims,
  type NewVideoAsset,
  saveVideoAssets,
  swapLessonFile,
  type VideoJob,
} from './video.repository';

/** A running job's heartbeat: another instance takes the job over once it has stopped for STALE. */
export const HEARTBEAT_MS = 5_000;
export const STALE_SECONDS = 60;
/** Claims a job may have before it is given up on: one that kills its instance each time fails. */
export const MAX_ATTEMPTS = 3;

/** MP4 and QuickTime files keep their index in a box that may come last. */
const INDEXED_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/x-m4v']);

const GAVE_UP = `The server stopped ${MAX_ATTEMPTS} times while making the streaming copies.`;

type WorkerDeps = {
  db: Db;
  storage: FileStorage;
  /** Undefined: no streaming copies are made; files still get their index first. */
  ffmpeg: Ffmpeg | undefined;
  log?: FastifyBaseLogger | undefined;
  /**
   * Where sources and encodes are kept while a job runs: the server's own (DATA_DIR/video-work), never a
   * folder that servers of other databases share, whose jobs' folders this worker could not tell apart.
   */
  workDir: string;
  heartbeatMs?: number;
  staleSeconds?: number;
};

/**
 * Each instance's video worker (docs/decisions/041): one job at a time, claimed from the database, at
 * the lowest CPU priority. A job moves a stored MP4's index to the front (a new file the lesson then
 * names, whose own job follows), then makes the poster frame and the adaptive ladder, uploads them beside
 * the original and records them, only if the lesson still names the file. A job cancelled meanwhile (the
 * file replaced, the lesson deleted) is stopped at its next heartbeat and its files removed.
 */
export class VideoWorker {
  /** Names this worker's claims and its jobs' folders (`job-{id}-{token}`) in the work folder. */
  private readonly token = randomUUID().slice(0, 8);
  readonly id = `${hostname()}:${process.pid}:${this.token}`;
  private readonly workDir: string;

  constructor(private readonly deps: WorkerDeps) {
    this.workDir = deps.workDir;
  }

  /** Does every job there is, one after another; answers how many it ended. */
  async drain(signal?: AbortSignal): Promise<number> {
    await this.sweep();
    let done = 0;
    while (!signal?.aborted) {
      const job = await claimVideoJob(this.deps.db, this.id, this.deps.staleSeconds ?? STALE_SECONDS);
      if (!job) break;
      await this.process(job, signal);
      done += 1;
    }
    return done;
  }

  /**
   * Removes what the jobs of instances killed on this machine left in the work folder (a copy of the
   * source, half-made copies): every job folder of another worker whose job that worker no longer holds
   * with a live heartbeat. Instances sharing the machine keep each other's running jobs' folders.
   */
  async sweep(): Promise<void> {
    const names = await readdir(this.workDir).catch(() => [] as string[]);
    const foreign = names
      .map((name) => /^job-(\d+)-([0-9a-f]{8})$/.exec(name))
      .filter((match): match is RegExpExecArray => match !== null && match[2] !== this.token);
    if (foreign.length === 0) return;
    const live = await liveVideoClaims(
      this.deps.db,
      [...new Set(foreign.map((match) => Number(match[1])))],
      this.deps.staleSeconds ?? STALE_SECONDS,
    );
    for (const [name, id, token] of foreign) {
      const held = live.some((claim) => claim.id === Number(id) && claim.claimedBy?.endsWith(`:${token}`));
      if (!held) await rm(path.join(this.workDir, name), { recursive: true, force: true });
    }
  }

  private async process(job: VideoJob, outer?: AbortSignal): Promise<void> {
    const { db, log } = this.deps;
    if (job.attempts > MAX_ATTEMPTS) {
      await finishVideoJob(db, job.id, this.id, { state: 'failed', error: GAVE_UP });
      return;
    }
    const cancel = new AbortController();
    const stop = () => cancel.abort(new Error('stopping'));
    outer?.addEventListener('abort', stop, { once: true });
    let progress = 0;
    const beat = setInterval(() => {
      beatVideoJob(db, job.id, this.id, Math.round(progress * 10) / 10).then(
        (held) => {
          if (!held) cancel.abort(new Error('cancelled'));
        },
        (error: unknown) => log?.warn({ err: error }, 'a video job’s heartbeat failed'),
      );
    }, this.deps.heartbeatMs ?? HEARTBEAT_MS);
    beat.unref();
    const dir = path.join(this.workDir, `job-${job.id}-${this.token}`);
    try {
      await this.run(job, dir, cancel.signal, (share) => {
        progress = share * 100;
      });
    } catch (error) {
      if (outer?.aborted) {
        // The server is stopping: the job goes back to the queue, uncounted.
        await finishVideoJob(db, job.id, this.id, { state: 'queued' }).catch(() => undefined);
      } else if (cancel.signal.aborted) {
        log?.info({ job: job.id }, 'a video job was cancelled: its lesson’s file changed');
      } else if (error instanceof FfmpegError) {
        await finishVideoJob(db, job.id, this.id, { state: 'failed', error: error.message });
      } else {
        log?.error({ err: error, job: job.id }, 'a video job failed');
        const again = job.attempts < MAX_ATTEMPTS;
        await finishVideoJob(db, job.id, this.id, {
          state: again ? 'queued' : 'failed',
          error: again ? null : 'The streaming copies could not be stored.',
        });
      }
    } finally {
      clearInterval(beat);
      outer?.removeEventListener('abort', stop);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async run(job: VideoJob, dir: string, signal: AbortSignal, onProgress: (share: number) => void) {
    const { db, storage, ffmpeg } = this.deps;
    const lesson = await lessonSource(db, job.lessonId);
    if (lesson?.fileKey !== job.sourceKey) {
      // Replaced or deleted since it was queued: the trigger has cancelled it already.
      await finishVideoJob(db, job.id, this.id, { state: 'failed', error: 'The file was replaced.' });
      return;
    }
    if (INDEXED_TYPES.has(lesson.fileMime ?? '') && (await moovPlacement(storage, job.sourceKey)) === 'end') {
      const extension = job.sourceKey.split('.').pop() ?? 'mp4';
      const next = newFileKey(extension);
      const rewritten = await writeFaststart(storage, job.sourceKey, next, { signal }).then(
        () => true,
        (error: unknown) => {
          // One this rewriter cannot move (an index over 64 MiB, media in another file) plays as it is.
          if (error instanceof NotRewritable) return false;
          throw error;
        },
      );
      if (rewritten) {
        // The lesson's trigger queues the job for the new file, and cancels this one.
        if (!(await swapLessonFile(db, job.lessonId, job.sourceKey, next))) await storage.delete(next);
        return;
      }
    }
    if (!ffmpeg) {
      await finishVideoJob(db, job.id, this.id, { state: 'done', renditions: false });
      return;
    }
    await mkdir(dir, { recursive: true });
    const input = await this.localSource(job.sourceKey, dir, signal);
    const facts = await probe(ffmpeg, input, signal);
    const posters = await makePosters(ffmpeg, input, facts, dir, signal);
    const rungs = ladderFor(facts);
    const encoded = await encodeLadder(ffmpeg, input, facts, rungs, dir, onProgress, signal);
    const stored: string[] = [];
    try {
      const assets: NewVideoAsset[] = [];
      const base = { lessonId: job.lessonId, sourceKey: job.sourceKey };
      for (const poster of posters) {
        const key = newFileKey('jpg');
        stored.push(key);
        const size = await storage.put(key, createReadStream(poster.path), { contentType: 'image/jpeg' });
        assets.push({
          ...base,
          fileKey: key,
          kind: 'poster',
          width: poster.width,
          height: poster.height,
          sizeBytes: size,
        });
      }
      for (const { rung, file, playlist } of encoded) {
        if (signal.aborted) throw signal.reason;
        const key = newFileKey('mp4');
        stored.push(key);
        const size = await storage.put(key, createReadStream(file), { contentType: 'video/mp4' });
        const parsed = toStoredPlaylist(await readFile(playlist, 'utf8'), path.basename(file));
        assets.push({
          ...base,
          fileKey: key,
          kind: 'rendition',
          width: rung.width,
          height: rung.height,
          codecs: rung.codecs,
          frameRate: facts.frameRate,
          bandwidth: parsed.peakBitsPerSecond,
          averageBandwidth: parsed.averageBitsPerSecond,
          playlist: parsed.text,
          sizeBytes: size,
        });
      }
      if (signal.aborted) throw signal.reason;
      if (!(await saveVideoAssets(db, job, this.id, assets))) throw new Error('cancelled');
      stored.length = 0;
    } finally {
      // Anything stored but not recorded goes now; an instance that died here leaves orphans the sweeper takes.
      for (const key of stored) await storage.delete(key).catch(() => undefined);
    }
  }

  /** A path ffmpeg reads the source from: the file itself on local disk, a copy of it from a bucket. */
  private async localSource(key: string, dir: string, signal: AbortSignal): Promise<string> {
    const { storage } = this.deps;
    const local = storage.localPath?.(key);
    if (local) return local;
    const copy = path.join(dir, `source.${key.split('.').pop() ?? 'bin'}`);
    await pipeline(storage.read(key), createWriteStream(copy), { signal });
    await stat(copy);
    return copy;
  }
}
