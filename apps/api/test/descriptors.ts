import { readdirSync, readlinkSync } from 'node:fs';
import { expect } from 'vitest';

/** This process's open descriptors on files under `dir`. */
export const openUnder = (dir: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
    } catch {
      return false;
    }
  }).length;

/** Descriptors close in the background: waits (generously) until `n` under `dir` are open. */
export const openBecomes = (dir: string, n: number) =>
  expect.poll(() => openUnder(dir), { timeout: 60_000 }).toBe(n);
