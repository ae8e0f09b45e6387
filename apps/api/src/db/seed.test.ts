import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDatabase } from '../../test/helpers';
import { LocalDiskStorage } from '../lib/storage';
import type { Database } from './client';
import { courseInstructors, courses, enrolments, users } from './schema';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

let database: Database;
let filesDir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  filesDir = await mkdtemp(path.join(tmpdir(), 'skillwise-seed-'));
});
afterAll(async () => {
  await database.close();
  await rm(filesDir, { recursive: true, force: true });
});

const filesOnDisk = async () =>
  (await readdir(filesDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());

test('two instances loading the demo at once load it once, and keep only one set of files', async () => {
  const storage = new LocalDiskStorage(filesDir);
  const results = await Promise.all([seedDemo(database.db, storage), seedDemo(database.db, storage)]);
  expect(results.map((accounts) => accounts.length).sort()).toEqual([0, 3]);
  const { db } = database;
  expect((await db.select().from(users)).map((u) => u.email).sort()).toEqual(
    [DEMO_ACCOUNTS.publisher.email, DEMO_ACCOUNTS.student.email, DEMO_ACCOUNTS.instructor.email].sort(),
  );
  // The demo instructor is given the free course only.
  expect((await db.select().from(courseInstructors)).map((row) => row.courseId)).toHaveLength(1);
  expect(await db.select().from(courses)).toHaveLength(2);
  expect(await db.select().from(enrolments)).toHaveLength(1);
  expect(await filesOnDisk()).toHaveLength(5);
  // A later start finds accounts and loads nothing.
  expect(await seedDemo(database.db, storage)).toEqual([]);
  expect(await filesOnDisk()).toHaveLength(5);
});
