import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { POSTER_WIDTHS, RENDITION_HEIGHTS } from '@skillwise/contracts';

/**
 * The programs that make streaming copies and posters (FFMPEG_PATH, FFPROBE_PATH), and on Linux util-linux's
 * `setpriv`, through which they are started so they die with the server: a server killed outright (a
 * crash, `kill -9`, the OOM killer) never reaches its own clean-up, and ffmpeg, which ignores the broken
 * pipe its progress goes to, would otherwise encode to the end for nobody while another instance takes
 * the job over.
 */
export type Ffmpeg = { ffmpeg: string; ffprobe: string; leash?: string | undefined };

/** What the ladder and the posters are made from. */
export type VideoFacts = {
  durationSeconds: number;
  width: number;
  height: number;
  frameRate: number;
  hasAudio: boolean;
};

/** One rung of the ladder, as encoded. */
export type Rung = { width: number; height: number; videoKbps: number; audioKbps: number; codecs: string };

/**
 * Seconds per segment (and between keyframes): the first frame needs one segment of the lowest rung
 * fetched, and a seek one or two (the one holding the frame sought, and the next when that frame is among
 * its last): on a 1.6 Mbit/s line a 1-second segment of 360p takes about 0.45 s (docs/decisions/041).
 */
export const SEGMENT_SECONDS = 1;

/** The lowest scheduling priority: encodes use what requests leave. */
const LOWEST_PRIORITY = 19;

/** The most of a failing program's error output kept as the job's reason. */
const REASON_CHARS = 400;

export class FfmpegError extends Error {}

type Run = {
  args: string[];
  signal?: AbortSignal | undefined;
  onStdout?: (chunk: string) => void;
  /** `setpriv`: the program gets SIGKILL when this process dies (`PR_SET_PDEATHSIG`), then runs as itself. */
  leash?: string | undefined;
};

/** The program and its arguments as spawned: through the leash when there is one. */
export const leashed = (program: string, args: string[], leash: string | undefined): [string, string[]] =>
  leash ? [leash, ['--pdeathsig', 'KILL', '--', program, ...args]] : [program, args];

/**
 * Runs a program at the lowest priority and answers its standard output; a non-zero exit rejects with
 * the end of its error output. An abort kills it.
 */
function run(program: string, { args, signal, onStdout, leash }: Run): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('aborted'));
      return;
    }
    const child = spawn(...leashed(program, args, leash), { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // Already gone, or not ours to lower: it runs as it is.
      }
    }
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err = (err + chunk).slice(-4 * REASON_CHARS);
    });
    const abort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', abort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(error);
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', abort);
      if (signal?.aborted) reject(signal.reason ?? new Error('aborted'));
      else if (code === 0) resolve(out);
      else {
        const reason = err.trim().split('\n').slice(-3).join(' ').slice(-REASON_CHARS);
        reject(new FfmpegError(reason || `${path.basename(program)} exited with code ${code}`));
      }
    });
  });
}

/**
 * The programs when both run and ffmpeg has the H.264 and AAC encoders the ladder needs; undefined
 * otherwise (the server then plays every video's original file).
 */
export async function findFfmpeg(paths: {
  ffmpegPath: string;
  ffprobePath: string;
}): Promise<Ffmpeg | undefined> {
  try {
    await run(paths.ffprobePath, { args: ['-hide_banner', '-version'] });
    const encoders = await run(paths.ffmpegPath, { args: ['-hide_banner', '-encoders'] });
    if (!/\blibx264\b/.test(encoders) || !/\baac\b/.test(encoders)) return undefined;
    return {
      ffmpeg: paths.ffmpegPath,
      ffprobe: paths.ffprobePath,
      leash: await findLeash(paths.ffprobePath),
    };
  } catch {
    return undefined;
  }
}

/** `setpriv` when it runs a program with a parent-death signal here (Linux with util-linux), else undefined. */
async function findLeash(program: string): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    await run(program, { args: ['-hide_banner', '-version'], leash: 'setpriv' });
    return 'setpriv';
  } catch {
    return undefined;
  }
}

const rate = (text: string | undefined): number => {
  const [num, den] = (text ?? '').split('/').map(Number);
  const value = den ? (num ?? 0) / den : (num ?? 0);
  return Number.isFinite(value) && value > 0 && value < 1000 ? value : 30;
};

/** The video's duration, size, frame rate and whether it has sound; a file with no video stream fails. */
export async function probe(ff: Ffmpeg, input: string, signal?: AbortSignal): Promise<VideoFacts> {
  const out = await run(ff.ffprobe, {
    leash: ff.leash,
    args: [
      '-v',
      'error',
      '-show_entries',
      'format=duration:stream=codec_type,width,height,avg_frame_rate,r_frame_rate:stream_side_data=rotation',
      '-of',
      'json',
      input,
    ],
    signal,
  });
  type Stream = {
    codec_type?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    side_data_list?: { rotation?: number }[];
  };
  const parsed = JSON.parse(out) as { format?: { duration?: string }; streams?: Stream[] };
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video?.width || !video.height) throw new FfmpegError('The file has no video picture to stream.');
  const rotation = Math.abs(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0);
  const turned = rotation === 90 || rotation === 270;
  const durationSeconds = Number(parsed.format?.duration);
  return {
    durationSeconds: Number.isFinite(durationSeconds) && durationSeconds > 0 ? durationSeconds : 0,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    frameRate: rate(video.avg_frame_rate !== '0/0' ? video.avg_frame_rate : video.r_frame_rate),
    hasAudio: parsed.streams?.some((s) => s.codec_type === 'audio') ?? false,
  };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Video bit rates by height (kbit/s): the lowest rung plays without stalling on a 1.6 Mbit/s line. */
const videoKbpsFor = (height: number) =>
  height <= 360 ? 600 : height <= 540 ? 1200 : height <= 720 ? 2400 : height <= 1080 ? 4500 : 9000;

/**
 * The ladder for a source: each of RENDITION_HEIGHTS the source reaches, and the source's own height when
 * it is higher than all of them (or lower than the first); never larger than the source.
 */
export function ladderFor(facts: Pick<VideoFacts, 'width' | 'height' | 'hasAudio'>): Rung[] {
  const heights: number[] = RENDITION_HEIGHTS.filter((h) => h <= facts.height);
  const top = heights[heights.length - 1];
  if (top === undefined || facts.height > top) heights.push(even(facts.height));
  return heights.map((height) => {
    const width = even((facts.width * height) / facts.height);
    // H.264 Main profile; level 4.2 covers 1080p at 60 frames a second, 5.1 what is larger.
    const video = height <= 1080 ? 'avc1.4d402a' : 'avc1.4d4033';
    return {
      width,
      height,
      videoKbps: videoKbpsFor(height),
      audioKbps: height <= 360 ? 96 : 128,
      codecs: facts.hasAudio ? `${video},mp4a.40.2` : video,
    };
  });
}

/** The poster's widths for a source: never wider than the source, at least one. */
export function posterWidthsFor(sourceWidth: number): number[] {
  const widths: number[] = POSTER_WIDTHS.filter((w) => w <= sourceWidth);
  return widths.length > 0 ? widths : [even(sourceWidth)];
}

/** Where in the video its poster frame is taken: a tenth of the way in, past any opening title. */
export const posterSecond = (durationSeconds: number) =>
  durationSeconds > 0 ? Math.min(durationSeconds * 0.1, 60) : 0;

/** Writes one JPEG per width of the frame at `second` into `outDir` (`poster-{width}.jpg`). */
export async function makePosters(
  ff: Ffmpeg,
  input: string,
  facts: VideoFacts,
  outDir: string,
  signal?: AbortSignal,
): Promise<{ path: string; width: number; height: number }[]> {
  const widths = posterWidthsFor(facts.width);
  const outputs = widths.map((width) => ({
    width,
    height: even((facts.height * width) / facts.width),
    path: path.join(outDir, `poster-${width}.jpg`),
  }));
  const split = `[0:v]split=${outputs.length}${outputs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = outputs.map((o, i) => `[s${i}]scale=${o.width}:${o.height}[p${i}]`);
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-ss',
    posterSecond(facts.durationSeconds).toFixed(3),
    '-i',
    input,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  outputs.forEach((o, i) => {
    args.push('-map', `[p${i}]`, '-frames:v', '1', '-q:v', '4', o.path);
  });
  await run(ff.ffmpeg, { args, signal, leash: ff.leash });
  return outputs;
}

/**
 * Encodes the ladder in one pass (the source is decoded once): for each rung a fragmented MP4 with its
 * HLS media playlist, whose segments are byte ranges of that one file (`r{height}.mp4`, `r{height}.m3u8`
 * in `outDir`). Keyframes every SEGMENT_SECONDS, so segments start together on every rung and a player
 * switches between them anywhere. `onProgress` hears the share done, 0-1.
 */
export async function encodeLadder(
  ff: Ffmpeg,
  input: string,
  facts: VideoFacts,
  rungs: Rung[],
  outDir: string,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<{ rung: Rung; file: string; playlist: string }[]> {
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height},format=yuv420p[v${i}]`);
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-progress',
    'pipe:1',
    '-nostats',
    '-i',
    input,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  const outputs = rungs.map((rung, i) => {
    const file = path.join(outDir, `r${rung.height}.mp4`);
    const playlist = path.join(outDir, `r${rung.height}.m3u8`);
    args.push(
      '-map',
      `[v${i}]`,
      ...(facts.hasAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2'] : []),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'main',
      '-b:v',
      `${rung.videoKbps}k`,
      '-maxrate',
      `${Math.round(rung.videoKbps * 1.2)}k`,
      '-bufsize',
      `${rung.videoKbps * 2}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      '-sc_threshold',
      '0',
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'fmp4',
      '-hls_flags',
      'single_file',
      '-hls_segment_filename',
      file,
      playlist,
    );
    return { rung, file, playlist };
  });
  const total = facts.durationSeconds * 1_000_000;
  let pending = '';
  await run(ff.ffmpeg, {
    args,
    signal,
    leash: ff.leash,
    onStdout: (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && total > 0) onProgress(Math.min(1, Number(match[1]) / total));
      }
    },
  });
  return outputs;
}
