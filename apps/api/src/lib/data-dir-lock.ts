import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lockFile = (dataDir: string) => path.join(dataDir, 'skillwise.lock');

/** The pid of a live process holding DATA_DIR's lock, if any (without taking the lock). */
export function dataDirHolder(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

/** The message for a DATA_DIR another process holds. */
export const dataDirInUse = (dataDir: string, pid: number) =>
  `DATA_DIR ${dataDir} is already in use by another Skillwise process (pid ${pid}). ` +
  'Stop it first, or give this one its own DATA_DIR or a DATABASE_URL.';

/**
 * PGlite is one connection in one process (DESIGN): a second process on the same DATA_DIR is refused.
 * The lock file holds the owner's pid; a lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = dataDirHolder(dataDir);
      if (holder !== undefined) throw new DataDirLockedError(dataDirInUse(dataDir, holder));
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}.`);
}
