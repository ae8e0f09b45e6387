import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const hasFfmpeg = existsSync('/usr/bin/ffmpeg') || process.env.FFMPEG_PATH !== undefined;

/**
 * A server stand-in: a Node process that finds ffmpeg as the server does, starts an endless encode the way
 * the video worker starts its programs (through `leashed`, with or without the leash), prints the encode's
 * process id and waits to be killed.
 */
const SERVER = `
import { spawn } from 'node:child_process';
const { findFfmpeg, leashed } = await import(process.env.FFMPEG_MODULE);
const ff = await findFfmpeg({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
const args = ['-v', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-f', 'null', '-'];
const leash = process.env.LEASH === 'off' ? undefined : ff.leash;
const encode = spawn(...leashed(ff.ffmpeg, args, leash), { stdio: 'ignore' });
console.log(JSON.stringify({ leash: ff.leash ?? null, pid: encode.pid }));
setInterval(() => {}, 1000);
`;

let dir: string;
let script: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skillwise-leash-'));
  script = path.join(dir, 'server.mjs');
  await writeFile(script, SERVER);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts the stand-in and answers it with what it printed once its encode runs. */
async function startServer(
  leash: 'on' | 'off',
): Promise<{ server: ChildProcess; leash: string | null; pid: number }> {
  const server = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, FFMPEG_MODULE: path.join(import.meta.dirname, 'ffmpeg.ts'), LEASH: leash },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
    });
    server.on('exit', (code) => reject(new Error(`the stand-in exited with ${code} before its encode ran`)));
  });
  return { server, ...JSON.parse(line) };
}

async function killOutright(server: ChildProcess) {
  const gone = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGKILL');
  await gone;
}

/** Polls until the process is gone; no tight limit, a busy machine only makes it slower. */
async function waitGone(pid: number, seconds: number): Promise<boolean> {
  for (let waited = 0; waited < seconds * 10; waited++) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !alive(pid);
}

describe.skipIf(!hasFfmpeg || process.platform !== 'linux')(
  'an encode whose server is killed outright',
  () => {
    test('stops with it: ffmpeg runs on a leash (setpriv --pdeathsig)', async () => {
      const { server, leash, pid } = await startServer('on');
      expect(leash).toBe('setpriv');
      expect(alive(pid)).toBe(true);
      await killOutright(server);
      expect(await waitGone(pid, 60)).toBe(true);
    });

    test('would run on for nobody without the leash (ffmpeg ignores its broken pipes)', async () => {
      const { server, pid } = await startServer('off');
      try {
        await killOutright(server);
        // A second is plenty for a leashed encode to be gone; this one is still running.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        expect(alive(pid)).toBe(true);
      } finally {
        if (alive(pid)) process.kill(pid, 'SIGKILL');
      }
    });
  },
);
