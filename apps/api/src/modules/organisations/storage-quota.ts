import {
  formatBytes,
  NO_PLAN_STORAGE_BYTES,
  PLAN_STORAGE_BYTES,
  PLANS,
  type PlanName,
} from '@skillwise/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { findActiveSubscription } from '../../db/queries/subscriptions';
import { storedFiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { lockOrganisation } from './plan-limits';

/** An organisation's storage: what its stored files add up to, what its plan allows, and the plan. */
export type StorageUsage = { usedBytes: number; allowanceBytes: number; plan: PlanName | null };

const isPlanName = (name: string): name is PlanName => (PLANS as readonly string[]).includes(name);

/** The allowance of the organisation's running plan, or the small one without a running plan. */
async function allowanceOf(
  db: Db,
  orgId: number,
): Promise<{ plan: PlanName | null; allowanceBytes: number }> {
  const subscription = await findActiveSubscription(db, orgId);
  const plan = subscription && isPlanName(subscription.plan) ? subscription.plan : null;
  return { plan, allowanceBytes: plan ? PLAN_STORAGE_BYTES[plan] : NO_PLAN_STORAGE_BYTES };
}

async function usedBytes(db: Db, orgId: number): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${storedFiles.sizeBytes}), 0)::bigint` })
    .from(storedFiles)
    .where(eq(storedFiles.orgId, orgId));
  return Number(row?.used ?? 0);
}

/** The PLAN_LIMIT refusal, naming the allowance and what is used. */
export function storageFull(usage: StorageUsage): AppError {
  const allowed = formatBytes(usage.allowanceBytes);
  const used = formatBytes(usage.usedBytes);
  return new AppError(
    'PLAN_LIMIT',
    usage.plan
      ? `Your ${usage.plan} plan allows ${allowed} of files and ${used} are used. Delete files or upgrade your plan to upload more.`
      : `Without a running plan your organisation may store ${allowed} of files and ${used} are used. Delete files or choose a plan to upload more.`,
  );
}

/** Forgets a stored file that is gone (deleted, replaced, discarded): it no longer counts. */
export async function forgetStoredFile(db: Db, key: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.fileKey, key));
}

/**
 * Forgets the records, made before `before`, of files that no lesson, course or author names: an upload
 * whose row never came (its file is swept as an orphan), or a file gone without being forgotten.
 */
export async function forgetUnnamedFiles(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`
    delete from stored_files f
    where f.created_at < ${before.toISOString()}::timestamptz
      and not exists (select 1 from lessons l where l.file_key = f.file_key)
      and not exists (select 1 from courses c where c.image_key = f.file_key)
      and not exists (select 1 from authors a where a.photo_key = f.file_key)
    returning f.file_key`);
  return rowsOf(result).length;
}

/**
 * Storage quotas (README "Additions"): an organisation's usage is the sum of its stored files' sizes
 * (`stored_files`), each file recorded by the transaction that accepts it under the organisation's row
 * lock, so uploads running at once, on any instance, cannot pass the allowance together. Files stored
 * before records were kept (the demo's, a restored backup's) are recorded on first use.
 */
export class StorageQuota {
  constructor(private readonly deps: { db: Db; storage: FileStorage }) {}

  /**
   * Records the files that the organisation's lessons, courses and authors name and that have no record
   * yet: sizes from the lesson row, or from the storage for images and photos.
   */
  private async recordUnrecorded(orgId: number): Promise<void> {
    const { db, storage } = this.deps;
    await db.execute(sql`
      insert into stored_files (file_key, org_id, size_bytes)
      select l.file_key, c.org_id, l.file_size
      from lessons l
      join sections s on s.id = l.section_id
      join courses c on c.id = s.course_id
      where c.org_id = ${orgId} and l.file_key is not null and l.file_size is not null
        and not exists (select 1 from stored_files f where f.file_key = l.file_key)
      on conflict do nothing`);
    const missing = rowsOf<{ key: string }>(
      await db.execute(sql`
        select key from (
          select c.image_key as key from courses c where c.org_id = ${orgId} and c.image_key is not null
          union
          select a.photo_key from authors a where a.org_id = ${orgId} and a.photo_key is not null
          union
          select l.file_key from lessons l
            join sections s on s.id = l.section_id
            join courses c on c.id = s.course_id
          where c.org_id = ${orgId} and l.file_key is not null and l.file_size is null
        ) named
        where not exists (select 1 from stored_files f where f.file_key = named.key)`),
    );
    for (const { key } of missing) {
      const size = await storage.size(key).catch(() => undefined);
      if (size === undefined) continue;
      // Only while a row still names it: a file replaced meanwhile is not brought back.
      await db.execute(sql`
        insert into stored_files (file_key, org_id, size_bytes)
        select ${key}, ${orgId}, ${size}
        where exists (select 1 from courses where image_key = ${key} and org_id = ${orgId})
           or exists (select 1 from authors where photo_key = ${key} and org_id = ${orgId})
           or exists (select 1 from lessons where file_key = ${key})
        on conflict do nothing`);
    }
  }

  /** What the organisation stores and may store now. */
  async usage(orgId: number): Promise<StorageUsage> {
    await this.recordUnrecorded(orgId);
    const { db } = this.deps;
    const allowance = await allowanceOf(db, orgId);
    return { ...allowance, usedBytes: await usedBytes(db, orgId) };
  }

  /**
   * The bytes the organisation may still store, read without its lock: an early refusal that saves
   * sending a file that cannot fit. `record` decides. Answers the refusal to throw once they run out.
   */
  async room(orgId: number): Promise<{ leftBytes: number; refusal: () => AppError }> {
    const usage = await this.usage(orgId);
    return {
      leftBytes: Math.max(0, usage.allowanceBytes - usage.usedBytes),
      refusal: () => storageFull(usage),
    };
  }

  /** Refuses at once (PLAN_LIMIT) when `bytes` more would pass the allowance. */
  async checkRoom(orgId: number, bytes: number): Promise<void> {
    const { leftBytes, refusal } = await this.room(orgId);
    if (bytes > leftBytes) throw refusal();
  }

  /**
   * The authoritative check: in one transaction under the organisation's lock, the file is recorded if
   * the usage plus its size stays within the allowance, and refused (PLAN_LIMIT) otherwise, leaving no
   * record; the caller then removes the stored file. A file recorded already (a repeated final request
   * of a resumable upload) is taken as it is.
   */
  async record(orgId: number, file: { key: string; size: number }): Promise<void> {
    await this.recordUnrecorded(orgId);
    await this.deps.db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const [known] = await tx
        .select({ orgId: storedFiles.orgId })
        .from(storedFiles)
        .where(eq(storedFiles.fileKey, file.key));
      if (known) return;
      const allowance = await allowanceOf(tx, orgId);
      const used = await usedBytes(tx, orgId);
      if (used + file.size > allowance.allowanceBytes) throw storageFull({ ...allowance, usedBytes: used });
      await tx.insert(storedFiles).values({ fileKey: file.key, orgId, sizeBytes: file.size });
    });
  }

  /** The file is gone: it no longer counts. */
  async forget(key: string): Promise<void> {
    await forgetStoredFile(this.deps.db, key);
  }
}
