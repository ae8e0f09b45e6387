import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

test('a second holder of the same DATA_DIR is refused; a dead owner’s lock is taken over', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lock-'));
  try {
    // A live process that is not us holds the lock.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await writeFile(path.join(dir, 'skillwise.lock'), String(sleeper.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already in use/);
    sleeper.kill();
    await new Promise((resolve) => sleeper.once('exit', resolve));
    const release = lockDataDir(dir);
    release();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
