import { randomUUID } from 'node:crypto';
import {
  formatBytes,
  NO_PLAN_STORAGE_BYTES,
  PLAN_STORAGE_BYTES,
  PLANS,
  type PlanName,
} from '@skillwise/contracts';
import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { snapshotImageKeys } from '../../db/queries/files';
import { findActiveSubscription } from '../../db/queries/subscriptions';
import { storedFiles, uploadReservations } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { lockOrganisation } from './plan-limits';

/**
 * An organisation's storage: what its stored files add up to, what its uploads under way hold, what its
 * plan allows, and the plan.
 */
export type StorageUsage = {
  usedBytes: number;
  reservedBytes: number;
  allowanceBytes: number;
  plan: PlanName | null;
};

/**
 * Resumable uploads an organisation may have open at once: each holds its whole length until it ends,
 * and its data waits on disk or in the bucket meanwhile.
 */
export const MAX_OPEN_UPLOADS = 20;
/**
 * How far ahead of its bytes a multipart upload holds room: one lock per step, and concurrent uploads
 * never hold more than a step each beyond what they have sent. The step is at least this, and an eighth of
 * the most the upload can need: a 1 GiB lesson takes the lock 8 times, not 64 (each time a transaction
 * that, on the embedded database, holds up the server's one thread for its length).
 */
const RESERVATION_STEP_BYTES = 16 * 1024 * 1024;
const RESERVATION_STEPS = 8;
/**
 * How long a multipart upload's hold lives without being renewed; it is renewed while bytes flow, so it
 * lapses only when its request stalls that long or its process died.
 */
const STREAM_LEASE_MS = 10 * 60_000;

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

/** An organisation's holds that have not lapsed. */
const liveHoldsOf = (orgId: number) =>
  and(eq(uploadReservations.orgId, orgId), gt(uploadReservations.expiresAt, sql`now()`));

/** What an organisation's live holds add up to, but for the hold `except` (the one being taken). */
async function reservedBytes(db: Db, orgId: number, except?: string): Promise<number> {
  const [row] = await db
    .select({ reserved: sql<string>`coalesce(sum(${uploadReservations.bytes}), 0)::bigint` })
    .from(uploadReservations)
    .where(and(liveHoldsOf(orgId), except === undefined ? undefined : ne(uploadReservations.id, except)));
  return Number(row?.reserved ?? 0);
}

/** A hold's end, `leaseMs` from now by the database's clock (the one every instance compares with). */
const leaseEnd = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** The refusal past MAX_OPEN_UPLOADS open resumable uploads. */
const tooManyUploads = () =>
  new AppError(
    'CONFLICT',
    `Your organisation has ${MAX_OPEN_UPLOADS} uploads under way. Finish or cancel one before starting another.`,
  );

/**
 * The PLAN_LIMIT refusal, naming the allowance and what is used: the stored files and the room uploads
 * under way hold, since both are taken.
 */
export function storageFull(usage: StorageUsage): AppError {
  const allowed = formatBytes(usage.allowanceBytes);
  const used = formatBytes(usage.usedBytes + usage.reservedBytes);
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
 * Forgets the records, made before `before`, of files that no lesson, its captions, course, author,
 * school's logo or quiz question names, nor an attempt keeps: an upload
 * whose row never came (its file is swept as an orphan), or a file gone without being forgotten.
 */
export async function forgetUnnamedFiles(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`
    delete from stored_files f
    where f.created_at < ${before.toISOString()}::timestamptz
      and not exists (select 1 from lessons l where l.file_key = f.file_key)
      and not exists (select 1 from courses c where c.image_key = f.file_key)
      and not exists (select 1 from authors a where a.photo_key = f.file_key)
      and not exists (select 1 from school_sites s where s.logo_key = f.file_key)
      and not exists (select 1 from quiz_questions q where q.image_key = f.file_key)
      and not exists (select 1 from lesson_captions k where k.file_key = f.file_key)
      and not exists (select 1 from (${snapshotImageKeys}) kept where kept.key = f.file_key)
    returning f.file_key`);
  return rowsOf(result).length;
}

/**
 * Storage quotas (README "Additions", decision 014): an organisation's usage is the sum of its stored
 * files' sizes (`stored_files`) plus the room its uploads under way hold (`upload_reservations`). Holds are
 * taken before bytes are stored and files recorded, each in a short transaction under the organisation's
 * row lock that checks the sum against the allowance, so uploads running at once, on any instance, cannot
 * pass it together even while they stream. Files stored before records were kept (the demo's, a restored
 * backup's) are recorded on first use.
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

  /** What the organisation stores, holds for uploads under way, and may store now. */
  async usage(orgId: number): Promise<StorageUsage> {
    await this.recordUnrecorded(orgId);
    const { db } = this.deps;
    const allowance = await allowanceOf(db, orgId);
    return {
      ...allowance,
      usedBytes: await usedBytes(db, orgId),
      reservedBytes: await reservedBytes(db, orgId),
    };
  }

  /**
   * The bytes the organisation may still store, read without its lock: an early refusal that saves
   * sending a file that cannot fit. Holds decide. Answers the refusal to throw once they run out.
   */
  async room(orgId: number): Promise<{ leftBytes: number; refusal: () => AppError }> {
    const usage = await this.usage(orgId);
    return {
      leftBytes: Math.max(0, usage.allowanceBytes - usage.usedBytes - usage.reservedBytes),
      refusal: () => storageFull(usage),
    };
  }

  /**
   * Takes or renews the hold `id` in one transaction under the organisation's lock: at least `atLeast`
   * bytes (PLAN_LIMIT when stored files and the other live holds leave less), at most `atMost`, until
   * `leaseMs` from now. A resumable upload's hold also counts against MAX_OPEN_UPLOADS (CONFLICT), and is
   * not taken again once its file is recorded (a late request of a finished upload). Answers the bytes
   * held. Nothing else happens in the transaction: the caller streams after it commits.
   */
  private async hold(
    orgId: number,
    id: string,
    bytes: { atLeast: number; atMost: number },
    options: { resumable: boolean; leaseMs: number },
  ): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      if (options.resumable) {
        const [stored] = await tx
          .select({ key: storedFiles.fileKey })
          .from(storedFiles)
          .where(eq(storedFiles.fileKey, id));
        if (stored) return 0;
        const [open] = await tx
          .select({ n: count() })
          .from(uploadReservations)
          .where(
            and(liveHoldsOf(orgId), eq(uploadReservations.resumable, true), ne(uploadReservations.id, id)),
          );
        if ((open?.n ?? 0) >= MAX_OPEN_UPLOADS) throw tooManyUploads();
      }
      const allowance = await allowanceOf(tx, orgId);
      const used = await usedBytes(tx, orgId);
      const reserved = await reservedBytes(tx, orgId, id);
      const left = allowance.allowanceBytes - used - reserved;
      if (bytes.atLeast > left) throw storageFull({ ...allowance, usedBytes: used, reservedBytes: reserved });
      const held = Math.min(bytes.atMost, left);
      await tx
        .insert(uploadReservations)
        .values({
          id,
          orgId,
          bytes: held,
          resumable: options.resumable,
          expiresAt: leaseEnd(options.leaseMs),
        })
        .onConflictDoUpdate({
          target: uploadReservations.id,
          set: { bytes: held, expiresAt: leaseEnd(options.leaseMs) },
          setWhere: eq(uploadReservations.orgId, orgId),
        });
      return held;
    });
  }

  /**
   * A resumable upload is created: its whole declared length is held from now on (PLAN_LIMIT when it
   * does not fit; CONFLICT past MAX_OPEN_UPLOADS), for `leaseMs` unless renewed.
   */
  async reserveUpload(orgId: number, id: string, bytes: number, leaseMs: number): Promise<void> {
    await this.recordUnrecorded(orgId);
    await this.hold(orgId, id, { atLeast: bytes, atMost: bytes }, { resumable: true, leaseMs });
  }

  /** A live hold lives `leaseMs` more from now; answers whether there was one (a lapsed one stays so). */
  async extendHold(id: string, leaseMs: number): Promise<boolean> {
    const extended = await this.deps.db
      .update(uploadReservations)
      .set({ expiresAt: leaseEnd(leaseMs) })
      .where(and(eq(uploadReservations.id, id), gt(uploadReservations.expiresAt, sql`now()`)))
      .returning({ id: uploadReservations.id });
    return extended.length > 0;
  }

  /**
   * A resumable upload goes on: its hold lives `leaseMs` more. One that lapsed (the upload was left alone
   * past its lease) is taken again with the checks of a creation, since its room may be gone.
   */
  async renewUpload(orgId: number, id: string, bytes: number, leaseMs: number): Promise<void> {
    if (await this.extendHold(id, leaseMs)) return;
    await this.hold(orgId, id, { atLeast: bytes, atMost: bytes }, { resumable: true, leaseMs });
  }

  /**
   * A hold for one multipart upload, grown step by step before its bytes are stored (lib/upload.ts).
   * `ceilingBytes` is the most it can need: the request's declared length, or the route's limit.
   */
  holdWhileStreaming(orgId: number, ceilingBytes: number): StreamHold {
    return new StreamHold(
      (atLeast, atMost, id) =>
        this.hold(orgId, id, { atLeast, atMost }, { resumable: false, leaseMs: STREAM_LEASE_MS }),
      (id) => this.release(id),
      ceilingBytes,
    );
  }

  /** The upload `id` ended without a file (failed, refused, cancelled): its room is free again. */
  async release(id: string): Promise<void> {
    await this.deps.db.delete(uploadReservations).where(eq(uploadReservations.id, id));
  }

  /**
   * The stored file takes the place of its upload's hold `holdId`: in one transaction under the
   * organisation's lock, the file is recorded if the usage, the other live holds and its size stay
   * within the allowance, and its hold goes. Refused (PLAN_LIMIT), nothing changes; the caller then
   * removes the stored file and releases the hold. The check passes whenever the hold was live and
   * covered the file; it decides for a hold that lapsed, or an allowance that shrank meanwhile. A file
   * recorded already (a repeated final request of a resumable upload) is taken as it is.
   */
  async record(orgId: number, file: { key: string; size: number }, holdId = file.key): Promise<void> {
    await this.recordUnrecorded(orgId);
    await this.deps.db.transaction(async (tx) => {
      await lockOrganisation(tx, orgId);
      const [known] = await tx
        .select({ orgId: storedFiles.orgId })
        .from(storedFiles)
        .where(eq(storedFiles.fileKey, file.key));
      if (!known) {
        const allowance = await allowanceOf(tx, orgId);
        const used = await usedBytes(tx, orgId);
        const reserved = await reservedBytes(tx, orgId, holdId);
        if (used + reserved + file.size > allowance.allowanceBytes) {
          throw storageFull({ ...allowance, usedBytes: used, reservedBytes: reserved });
        }
        await tx.insert(storedFiles).values({ fileKey: file.key, orgId, sizeBytes: file.size });
      }
      await tx.delete(uploadReservations).where(eq(uploadReservations.id, holdId));
    });
  }

  /** The file is gone: it no longer counts. */
  async forget(key: string): Promise<void> {
    await forgetStoredFile(this.deps.db, key);
  }
}

/**
 * Room held for one multipart upload while it streams: before its bytes are stored, `cover` holds at least
 * them and, while there is room, a step ahead (up to the most the request can need), so the lock is taken
 * once a step rather than once a chunk. The hold is renewed as bytes keep coming; `release` frees it when
 * the upload fails; recording the file (StorageQuota.record with `id`) turns it into the file's size.
 */
export class StreamHold {
  readonly id = randomUUID();
  private held = 0;
  private takenAt = 0;
  /** The hold being taken, if any: a release waits for it, so no row is written after the release. */
  private taking: Promise<unknown> | undefined;
  private released = false;

  constructor(
    private readonly take: (atLeast: number, atMost: number, id: string) => Promise<number>,
    private readonly free: (id: string) => Promise<void>,
    private readonly ceilingBytes: number,
  ) {}

  /** Before the stream's first `total` bytes are stored. */
  async cover(total: number): Promise<void> {
    // An empty file input holds nothing; within the hold, only a lease half gone is renewed.
    if (total === 0 || (total <= this.held && Date.now() - this.takenAt < STREAM_LEASE_MS / 2)) return;
    if (this.released) throw new Error("the upload's hold was released");
    const step = Math.max(RESERVATION_STEP_BYTES, Math.ceil(this.ceilingBytes / RESERVATION_STEPS));
    const ahead = Math.max(total, Math.min(this.ceilingBytes, total + step));
    const taking = this.take(total, ahead, this.id);
    this.taking = taking;
    this.held = await taking;
    this.takenAt = Date.now();
  }

  async release(): Promise<void> {
    this.released = true;
    await this.taking?.catch(() => undefined);
    if (this.taking) await this.free(this.id);
  }
}
