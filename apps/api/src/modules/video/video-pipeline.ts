import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { BackgroundWork } from '../../lib/background';
import type { FileStorage } from '../../lib/storage';
import { type Ffmpeg, findFfmpeg } from './ffmpeg';
import { requeueWithoutRenditions } from './video.repository';
import { VideoWorker } from './video-worker';

/** How often an idle instance looks for video jobs. */
export const VIDEO_POLL_MS = 5_000;

/** A bucket that can tell the server its CORS rules and take one more (S3Storage). */
type CorsBucket = { allowReadsFrom?(origin: string): Promise<'present' | 'added'> };

/**
 * Whether this server makes streaming copies, and its worker (docs/decisions/041). Until `start` has
 * looked for ffmpeg, VIDEO_RENDITIONS alone answers (the app built for tests makes none by itself).
 */
export class VideoPipeline {
  private ffmpeg: Ffmpeg | undefined;
  private checked = false;

  constructor(
    private readonly deps: {
      db: Db;
      storage: FileStorage & CorsBucket;
      config: Pick<Config, 'video' | 'publicUrl' | 's3Cors' | 'dataDir'>;
      log: FastifyBaseLogger;
    },
  ) {}

  /** True while the server makes streaming copies of new videos. */
  renditionsOn(): boolean {
    return this.deps.config.video.renditions && (!this.checked || this.ffmpeg !== undefined);
  }

  /**
   * Looks for ffmpeg, says what it found (one line for the start-up banner), queues again the jobs that
   * ended without copies when it can now make them, lets the bucket serve the player, and starts the
   * worker on `background`.
   */
  async start(background: BackgroundWork): Promise<string> {
    const { db, storage, config, log } = this.deps;
    this.ffmpeg = config.video.renditions ? await findFfmpeg(config.video) : undefined;
    this.checked = true;
    let line: string;
    if (!config.video.renditions) {
      line = 'video: streaming copies are off (VIDEO_RENDITIONS=off); the original files play';
    } else if (!this.ffmpeg) {
      line = `video: streaming copies are off: ffmpeg with libx264 was not found (FFMPEG_PATH=${config.video.ffmpegPath}); the original files play`;
    } else {
      line = 'video: streaming copies (HLS 360p-1080p) and posters are made with ffmpeg';
      const again = await requeueWithoutRenditions(db);
      if (again > 0)
        log.info({ lessons: again }, 'videos stored without streaming copies are queued for them');
      if (config.s3Cors && storage.allowReadsFrom) {
        const origin = new URL(config.publicUrl).origin;
        await storage.allowReadsFrom(origin).then(
          (done) => {
            if (done === 'added')
              log.info({ origin }, 'the bucket now lets the player read streaming copies');
          },
          (error: unknown) =>
            log.warn(
              { err: error },
              `the bucket's CORS rules could not be read or set: add one that allows GET from ${origin} (S3_CORS), or streaming copies will not play from it`,
            ),
        );
      }
    }
    const workDir = path.join(config.dataDir, 'video-work');
    const worker = new VideoWorker({ db, storage, ffmpeg: this.ffmpeg, log, workDir });
    background.every('video jobs', VIDEO_POLL_MS, (signal) => worker.drain(signal), 2_000);
    return line;
  }
}
