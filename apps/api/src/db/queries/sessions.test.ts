import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase } from '../../../test/helpers';
import { sha256 } from '../../lib/crypto';
import { type Database, rowsOf } from '../client';
import { findSessionUser, KeptSessions, SESSION_CHANGES_CHANNEL } from './sessions';

const serverUrl = process.env.TEST_DATABASE_URL;

describe('the session reader', () => {
  let database: Database;
  let orgId: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    const [org] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`insert into organisations (name, url, primary_email)
            values ('Session school', 'https://school.example', 'school@example.com') returning id`,
      ),
    );
    orgId = Number(org?.id);
  });
  afterAll(() => database.close());

  /** A verified publisher of the school with a session whose token is `token`; answers the account's id. */
  async function signIn(token: string) {
    const email = `${token}@example.com`;
    const [user] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`insert into users (email, password_hash, full_name, role_id, org_id, verified)
            values (${email}, 'x', 'Ada', 2, ${orgId}, true) returning id`,
      ),
    );
    const userId = Number(user?.id);
    await database.db.execute(
      sql`insert into sessions (user_id, token_hash, expires_at)
          values (${userId}, ${sha256(token)}, now() + interval '1 day')`,
    );
    return userId;
  }

  test('a change to the account or the session is seen by the next read, on either database', async () => {
    const userId = await signIn('reader-one');
    expect(await findSessionUser(database.db, sha256('reader-one'))).toMatchObject({
      userId,
      fullName: 'Ada',
      teamRole: 'owner',
      verified: true,
    });
    await database.db.execute(sql`update users set team_role = 'instructor' where id = ${userId}`);
    expect((await findSessionUser(database.db, sha256('reader-one')))?.teamRole).toBe('instructor');
    await database.db.execute(sql`update users set full_name = 'Ada L.' where id = ${userId}`);
    expect((await findSessionUser(database.db, sha256('reader-one')))?.fullName).toBe('Ada L.');
    await database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${userId}`,
    );
    expect(await findSessionUser(database.db, sha256('reader-one'))).toBeUndefined();
    await database.db.execute(
      sql`update sessions set expires_at = now() + interval '1 day' where user_id = ${userId}`,
    );
    expect(await findSessionUser(database.db, sha256('reader-one'))).toBeDefined();
    await database.db.execute(sql`delete from sessions where user_id = ${userId}`);
    expect(await findSessionUser(database.db, sha256('reader-one'))).toBeUndefined();
    // What the session reader does not answer (the last login) changes nothing it keeps.
    const other = await signIn('reader-two');
    await database.db.execute(sql`update users set last_login_at = now() where id = ${other}`);
    expect((await findSessionUser(database.db, sha256('reader-two')))?.userId).toBe(other);
    await database.db.execute(sql`delete from users where id = ${other}`);
    expect(await findSessionUser(database.db, sha256('reader-two'))).toBeUndefined();
  });

  test.skipIf(Boolean(serverUrl))(
    'the embedded database keeps what it read, until the database announces a change',
    async () => {
      const userId = await signIn('kept-one');
      expect((await findSessionUser(database.db, sha256('kept-one')))?.fullName).toBe('Ada');
      // A change made with the notices off is not announced: the kept session still answers, which
      // shows it is kept, and the announced change after it is seen.
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local skillwise.session_notices = 'off'`);
        await tx.execute(sql`update users set full_name = 'Unannounced' where id = ${userId}`);
      });
      expect((await findSessionUser(database.db, sha256('kept-one')))?.fullName).toBe('Ada');
      await database.db.execute(sql`update users set verified = false where id = ${userId}`);
      expect(await findSessionUser(database.db, sha256('kept-one'))).toMatchObject({
        fullName: 'Unannounced',
        verified: false,
      });
      // Emptying the table is announced for everyone.
      await signIn('kept-two');
      expect(await findSessionUser(database.db, sha256('kept-two'))).toBeDefined();
      await database.db.execute(sql`truncate sessions`);
      expect(await findSessionUser(database.db, sha256('kept-two'))).toBeUndefined();
      // The read is the embedded database's own prepared statement, planned once (db/pglite-plans.ts).
      const statements = rowsOf<{ generic_plans: number; custom_plans: number }>(
        await database.db.execute(
          sql`select generic_plans, custom_plans from pg_prepared_statements
              where statement like '%from "sessions" inner join "users"%'`,
        ),
      );
      expect(statements).toHaveLength(1);
      expect(statements[0]?.custom_plans).toBe(0);
      expect(statements[0]?.generic_plans).toBeGreaterThan(0);
    },
  );

  test.skipIf(!serverUrl)('a PostgreSQL server announces nothing: no connection asks it to', async () => {
    const listener = new pg.Client({ connectionString: serverUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (notice) => heard.push(notice.payload ?? ''));
    try {
      await listener.query(`listen ${SESSION_CHANGES_CHANNEL}`);
      const userId = await signIn('server-one');
      await database.db.execute(sql`update users set full_name = 'Grace' where id = ${userId}`);
      await database.db.execute(sql`delete from sessions where user_id = ${userId}`);
      // A notice sent after the changes above would arrive before this one's answer.
      await listener.query('select 1');
      expect(heard).toEqual([]);
    } finally {
      await listener.end();
    }
  });
});

describe('KeptSessions', () => {
  const row = (userId: number, expiresInMs = 60_000) => ({
    sessionId: userId * 10,
    userId,
    email: `u${userId}@example.com`,
    fullName: 'Ada',
    roleId: 2,
    orgId: 1,
    teamRole: 'owner' as const,
    verified: true,
    expiresAt: new Date(Date.now() + expiresInMs),
  });

  /** A reader of `answer` that counts its reads. */
  const counted = () => {
    const reader = {
      reads: 0,
      of: (answer: ReturnType<typeof row> | undefined) => async () => {
        reader.reads++;
        return answer;
      },
    };
    return reader;
  };

  test('answers a kept session without reading, and never its expiry', async () => {
    const kept = new KeptSessions();
    const reader = counted();
    const first = await kept.find('a', reader.of(row(1)));
    const second = await kept.find('a', reader.of(row(1)));
    expect(reader.reads).toBe(1);
    expect(second).toEqual(first);
    expect(second).not.toHaveProperty('expiresAt');
  });

  test('a kept session past its expiry is read again', async () => {
    const kept = new KeptSessions();
    const reader = counted();
    await kept.find('a', reader.of(row(1, -1)));
    expect(await kept.find('a', reader.of(undefined))).toBeUndefined();
    expect(reader.reads).toBe(2);
    expect(kept.size).toBe(0);
  });

  test('a notice forgets that account’s sessions only; `*` forgets all', async () => {
    const kept = new KeptSessions();
    await kept.find('a1', async () => row(1));
    await kept.find('a2', async () => row(1));
    await kept.find('b', async () => row(2));
    kept.forget('1');
    expect(kept.size).toBe(1);
    kept.forget('*');
    expect(kept.size).toBe(0);
  });

  test('a read that a notice overtook is answered but not kept', async () => {
    const kept = new KeptSessions();
    const answer = await kept.find('a', async () => {
      kept.forget('9');
      return row(1);
    });
    expect(answer?.userId).toBe(1);
    expect(kept.size).toBe(0);
    const reader = counted();
    await kept.find('a', reader.of(row(1)));
    expect(reader.reads).toBe(1);
    expect(kept.size).toBe(1);
  });

  test('keeps at most `max`, dropping the least recently used', async () => {
    const kept = new KeptSessions(2);
    await kept.find('a', async () => row(1));
    await kept.find('b', async () => row(2));
    await kept.find('a', async () => row(1));
    await kept.find('c', async () => row(3));
    expect(kept.size).toBe(2);
    const reader = counted();
    await kept.find('a', reader.of(row(1)));
    await kept.find('b', reader.of(row(2)));
    expect(reader.reads).toBe(1);
  });
});
