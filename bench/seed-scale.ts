// Fills a database with a large, realistic data set for the list and journey benchmarks: by default
// 100 organisations on the Growth plan, 10,000 published courses with 300,000 lessons, 100,000 students,
// 1,000,000 enrolments, 2,000,000 started lessons and 200,000 captured course orders. Every step is
// one set-based statement (or a few, in batches of students), so it takes minutes, not hours. Every
// lesson names one shared PDF guide of a few MiB, so a viewer's Range requests and seeks read real parts.
// Usage: npx tsx bench/seed-scale.ts --data-dir <dir> | --database-url postgres://... [--scale 1]
import { copyFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Db, openPglite, openPostgres, rowsOf } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/lib/crypto';
import { DataDirLockedError, lockDataDir } from '../apps/api/src/lib/data-dir-lock';

/** Pages of the shared lesson guide: a heading and an uncompressed picture each, 0.9 MiB a page. */
const LESSON_PAGES = 4;

/**
 * The shared lesson file: a printable guide of LESSON_PAGES pages, each a heading and a picture kept
 * uncompressed, so the file is a few MiB as a real lesson is and a viewer's Range requests (its start,
 * then seeks) land in different parts of it. The same bytes at every run.
 */
function lessonPdf(): Buffer {
  const width = 640;
  const height = 480;
  const objects: Buffer[] = [];
  const text = (body: string) => Buffer.from(body, 'latin1');
  const stream = (dictionary: string, data: Buffer) =>
    Buffer.concat([text(`<< ${dictionary} /Length ${data.length} >>\nstream\n`), data, text('\nendstream')]);
  const kids = Array.from({ length: LESSON_PAGES }, (_, i) => `${4 + 3 * i} 0 R`).join(' ');
  objects.push(text('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(text(`<< /Type /Pages /Kids [${kids}] /Count ${LESSON_PAGES} >>`));
  objects.push(text('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>'));
  for (let page = 0; page < LESSON_PAGES; page++) {
    const [self, contents, image] = [4 + 3 * page, 5 + 3 * page, 6 + 3 * page];
    objects.push(
      text(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${contents} 0 R ` +
          `/Resources << /Font << /F1 3 0 R >> /XObject << /Im${page} ${image} 0 R >> >> >>`,
      ),
    );
    if (objects.length !== self) throw new Error('lesson guide objects out of order');
    const drawing = `BT /F1 24 Tf 1 0 0 1 72 720 Tm (Lesson guide, part ${page + 1} of ${LESSON_PAGES}) Tj ET\nq 512 0 0 384 50 280 cm /Im${page} Do Q`;
    objects.push(stream('', text(drawing)));
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 3;
        pixels[at] = (x * 255) / width;
        pixels[at + 1] = (y * 255) / height;
        pixels[at + 2] = (page * 64 + ((x ^ y) & 63)) & 255;
      }
    }
    objects.push(
      stream(
        `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8`,
        pixels,
      ),
    );
  }
  // A binary comment on the second line tells tools the file holds binary data.
  const head = Buffer.concat([text('%PDF-1.4\n'), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])]);
  const parts: Buffer[] = [head];
  let offset = head.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const object = Buffer.concat([text(`${i + 1} 0 obj\n`), body, text('\nendobj\n')]);
    offsets.push(offset);
    parts.push(object);
    offset += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(text(xref));
  return Buffer.concat(parts);
}

const LESSON_PDF = lessonPdf();
const LESSON_PDF_BYTES = LESSON_PDF.length;

const HELP = `Loads the scale data set for the benchmarks into a fresh database, through the real migrations.

  npx tsx bench/seed-scale.ts --data-dir /work/scale-data          embedded database (server stopped)
  npx tsx bench/seed-scale.ts --database-url postgres://.../db [--files-dir <DATA_DIR>/files]

Options:
  --data-dir <dir>       the server's DATA_DIR: the database goes to <dir>/db, the lesson file to <dir>/files
  --database-url <url>   a PostgreSQL database instead (create it first)
  --files-dir <dir>      where the shared lesson, cover and photo files go (default <data-dir>/files);
                         with --database-url, give the files folder of the DATA_DIR the server will use.
                         The lesson file is a PDF guide of ${LESSON_PAGES} pages (${(LESSON_PDF_BYTES / 1024 / 1024).toFixed(1)} MiB), made here.
  --scale <factor>       1 = 100 organisations; 0.01 = one organisation's worth (a smoke test)
  --batch <students>     students per statement for the per-student steps (default 20000)
  --help                 this text

Accounts: publisher{n}@scale.example / publisher123 (n = 1..organisations),
          student{n}@scale.example / student123 (n = 1..students).
Refuses a database that already holds scale data; everything is loaded in one transaction, so a
failed run leaves nothing behind. No statement has the app's statement timeout.`;

const { values: options } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'files-dir': { type: 'string' },
    scale: { type: 'string', default: '1' },
    batch: { type: 'string', default: '20000' },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (options.help) {
  console.log(HELP);
  process.exit(0);
}
const dataDir = options['data-dir'];
const databaseUrl = options['database-url'];
if (Boolean(dataDir) === Boolean(databaseUrl)) {
  console.error('Give exactly one of --data-dir and --database-url (see --help).');
  process.exit(2);
}
const scale = Number(options.scale);
const batchStudents = Number(options.batch);
if (!(scale > 0 && scale <= 10) || !(Number.isInteger(batchStudents) && batchStudents > 0)) {
  console.error('--scale must be a number in (0, 10] and --batch a positive whole number.');
  process.exit(2);
}

const DOMAIN = 'scale.example';
const STUDENT_PASSWORD = 'student123';
const PUBLISHER_PASSWORD = 'publisher123';

// Everything follows from the number of organisations, so a tiny scale keeps the same shape.
const ORGS = Math.max(1, Math.round(100 * scale));
const CATEGORIES_PER_ORG = 5;
const AUTHORS_PER_ORG = 10;
const COURSES_PER_ORG = 100;
const SECTIONS_PER_COURSE = 3;
const LESSONS_PER_SECTION = 10;
const COURSES = ORGS * COURSES_PER_ORG;
const STUDENTS = ORGS * 1000;
/** Each student holds this many courses: the first two bought, the rest assigned by the organisation. */
const ENROLMENTS_PER_STUDENT = 10;
/** Each enrolment has its first (n + k) mod 5 lessons started: 0 to 4 of its first section, two on average. */
const STARTED_LESSONS_AT_MOST = 5;
const PURCHASES_PER_STUDENT = 2;
/**
 * Student n's k-th course is (n * STRIDE + k * COURSES / 10) mod COURSES: the ten are distinct, at
 * least ten organisations apart at full scale, and every course gets the same number of students.
 * STRIDE is prime and does not divide COURSES, so neighbouring students land far apart.
 */
const STRIDE = 7919;
const COURSE_STEP = COURSES / ENROLMENTS_PER_STUDENT;

// One file per kind, shared by every row that names it (the rows hold only the key): the lesson guide
// made above, a demo cover and a demo photo.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = path.join(ROOT, 'apps/api/demo');
const SHARED_FILES = {
  lesson: { key: '5ca1ef11-0000-4000-8000-000000000001.pdf', content: LESSON_PDF, mime: 'application/pdf' },
  cover: { key: '5ca1ef11-0000-4000-8000-000000000002.png', source: 'cover-1.png', mime: 'image/png' },
  photo: { key: '5ca1ef11-0000-4000-8000-000000000003.jpg', source: 'author.jpg', mime: 'image/jpeg' },
} as const;

/** An integer literal in SQL text: only numbers computed here are spliced, never input. */
const lit = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.raw(String(n));
};

const SCALE_ORGS = sql.raw(`(select id from organisations where primary_email like 'publisher%@${DOMAIN}')`);

/** Scale organisations numbered 0.. by their publisher's e-mail. */
const orgsNumbered =
  sql.raw(`select id, primary_email, split_part(substr(primary_email, 10), '@', 1)::int - 1 as n
  from organisations where primary_email like 'publisher%@${DOMAIN}'`);

/**
 * The scale courses numbered 0.. in the order of their organisation and id, with the lessons a student of
 * theirs may have started (the first four of its first section), made once for the load's transaction: the
 * plan below joins it in every batch.
 */
const numberScaleCourses = sql`
  create temporary table scale_courses on commit drop as
  select c.id, c.org_id, c.price_cents, c.currency, (row_number() over (order by c.org_id, c.id) - 1)::int as n,
         f.lesson_ids as first_lessons
  from courses c
  join (
    select s.course_id, array_agg(l.id order by l.order_number) as lesson_ids
    from sections s join lessons l on l.section_id = s.id
    where s.order_number = 1 and l.order_number < ${lit(STARTED_LESSONS_AT_MOST)}
    group by s.course_id
  ) f on f.course_id = c.id
  where c.image_key = ${SHARED_FILES.cover.key}`;

/**
 * The enrolment plan for students with ids in [lo, hi]: who holds which course, since when, and how
 * it came. Enrolments, purchases, contacts and progress are all derived from it, so they agree.
 */
const planCte = (lo: number, hi: number) => sql`
  students as (
    select id, split_part(substr(email, 8), '@', 1)::int - 1 as n from users
    where id between ${lit(lo)} and ${lit(hi)} and email like ${`student%@${DOMAIN}`}
  ),
  plan as (
    select s.id as user_id, s.n as sn, k, c.id as course_id, c.org_id, c.price_cents, c.currency, c.first_lessons,
      now() - make_interval(secs => ((s.n::bigint * ${lit(ENROLMENTS_PER_STUDENT)} + k) * ${lit(STRIDE)}) % 31536000) as at
    from students s
    cross join generate_series(0, ${lit(ENROLMENTS_PER_STUDENT - 1)}) k
    join scale_courses c on c.n = (s.n::bigint * ${lit(STRIDE)} + k * ${lit(COURSE_STEP)}) % ${lit(COURSES)}
  )`;

type Step = { name: string; seconds: number };
const steps: Step[] = [];

async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  steps.push({ name, seconds: +seconds.toFixed(2) });
  console.log(`  ${name.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s`);
  return result;
}

const scalar = async (db: Db, query: SQL): Promise<number> =>
  Number(Object.values(rowsOf(await db.execute(query))[0] ?? {})[0] ?? 0);

/**
 * Runs `load` with these tables' secondary indexes (neither primary keys nor unique ones) dropped, then
 * builds them again from their own definitions: one sort for each index instead of one insertion a row.
 */
async function withoutSecondaryIndexes<T>(tx: Db, tables: string[], load: () => Promise<T>): Promise<T> {
  const indexes = rowsOf<{ name: string; definition: string }>(
    await tx.execute(sql`
      select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace and not i.indisunique and not i.indisprimary
        and t.relname in (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )})`),
  );
  for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`));
  const result = await load();
  await step(`their ${indexes.length} indexes built again`, async () => {
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  return result;
}

/**
 * Runs `statement`, which reads the enrolment plan (planCte), for consecutive ranges of scale student ids.
 * It follows the plan's own CTEs, so it may begin with more of them, after a comma.
 */
async function perStudentBatch(tx: Db, range: { lo: number; hi: number }, statement: SQL) {
  for (let lo = range.lo; lo <= range.hi; lo += batchStudents) {
    await tx.execute(sql`with ${planCte(lo, Math.min(range.hi, lo + batchStudents - 1))} ${statement}`);
  }
}

/**
 * Writes the shared files after the rows are loaded, so a refused or failed load never changes the files
 * of rows already there. A lesson file of another size (a folder loaded by an older version) is replaced:
 * the new rows' file_size names this one.
 */
function writeSharedFiles(filesDir: string) {
  for (const file of Object.values(SHARED_FILES)) {
    // The server's storage fans files out by the key's first two characters.
    const target = path.join(filesDir, file.key.slice(0, 2), file.key);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    if ('content' in file) {
      if (!existsSync(target) || statSync(target).size !== file.content.length) {
        writeFileSync(target, file.content, { mode: 0o600 });
      }
    } else if (!existsSync(target)) copyFileSync(path.join(DEMO, file.source), target);
  }
}

async function load(database: Database) {
  const { db } = database;
  await step('migrate', () => database.migrate());
  const existing = await scalar(db, sql`select count(*) from users where email like ${`%@${DOMAIN}`}`);
  if (existing > 0) {
    throw new Error(
      `this database already holds scale data (${existing} @${DOMAIN} accounts); use a fresh one`,
    );
  }
  const [studentHash, publisherHash] = await step('password hashes', () =>
    Promise.all([hashPassword(STUDENT_PASSWORD), hashPassword(PUBLISHER_PASSWORD)]),
  );
  const lessonSize = LESSON_PDF_BYTES;

  await db.transaction(async (tx) => {
    // Big joins and sorts stay in memory; the embedded database's heap is smaller and never shrinks.
    await tx.execute(sql.raw(`set local work_mem = '${database.kind === 'pglite' ? '32MB' : '256MB'}'`));
    // Row estimates for the computed joins below are poor (tables filled moments ago, keys that are
    // expressions); a nested loop chosen on a guess of one row turns seconds into hours.
    await tx.execute(sql`set local enable_nestloop = off`);
    // Those statements' costs, inflated by the setting above, would have each batch compiled to machine
    // code first (JIT): a third of a second per statement, some 250 statements at scale 10.
    await tx.execute(sql`set local jit = off`);
    // The rows are made consistent by construction: no trigger runs for them, foreign-key checks
    // included, one row at a time. The org_members triggers keep each organisation's students list as
    // rows come; the load writes the list itself, from the plan its enrolments and contacts come from.
    // The other triggers act on video lessons and on deletions, which the load has none of.
    await tx.execute(sql`set local session_replication_role = replica`);

    await step(`organisations (${ORGS})`, () =>
      tx.execute(sql`
        insert into organisations (name, url, description, primary_email, created_at, updated_at)
        select (array['Northwind','Bluebird','Evergreen','Harbour','Summit','Maple','Lighthouse','Riverside'])[1 + g % 8]
                 || ' Academy ' || g,
               'https://school' || g || '.${sql.raw(DOMAIN)}',
               'A school with a running Growth subscription, loaded for the scale benchmarks.',
               'publisher' || g || '@${sql.raw(DOMAIN)}',
               now() - interval '500 days', now() - interval '500 days'
        from generate_series(1, ${lit(ORGS)}) g`),
    );
    await step('publishers', () =>
      tx.execute(sql`
        insert into users (email, password_hash, full_name, role_id, org_id, is_active, verified, created_at, updated_at)
        select o.primary_email, ${publisherHash}, 'Publisher ' || (o.n + 1), 1, o.id, true, true, now() - interval '500 days', now()
        from (${orgsNumbered}) o`),
    );
    await step('plan orders and Growth subscriptions', async () => {
      const price = rowsOf<{ id: number; amount_cents: number; months: number }>(
        await tx.execute(
          sql`select id, amount_cents, months from plan_prices where category = 'AnnualGrowth'`,
        ),
      )[0];
      if (!price) throw new Error('plan price AnnualGrowth missing: were the migrations run?');
      await tx.execute(sql`
        insert into orders (user_id, org_id, kind, plan_price_id, amount_cents, provider, provider_order_id,
                            provider_capture_id, status, captured_at, created_at, updated_at)
        select u.id, o.id, 'plan', ${lit(price.id)}, ${lit(price.amount_cents)}, 'sandbox',
               'SCALE-PLAN-' || o.id, 'SCALE-PLAN-CAP-' || o.id, 'captured',
               now() - interval '30 days', now() - interval '30 days', now() - interval '30 days'
        from organisations o join users u on u.org_id = o.id and u.role_id = 1
        where o.id in ${SCALE_ORGS}`);
      await tx.execute(sql`
        insert into subscriptions (org_id, plan_price_id, order_id, period_start, period_end)
        select org_id, plan_price_id, id, captured_at, captured_at + make_interval(months => ${lit(price.months)})
        from orders where kind = 'plan' and provider_order_id like 'SCALE-PLAN-%'`);
    });
    await step(`categories (${ORGS * CATEGORIES_PER_ORG})`, () =>
      tx.execute(sql`
        insert into categories (org_id, name, description, created_by)
        select o.id,
               (array['Programming','Design','Business','Languages','Photography'])[1 + j],
               'Courses about ' || lower((array['Programming','Design','Business','Languages','Photography'])[1 + j]) || '.',
               u.id
        from organisations o join users u on u.org_id = o.id and u.role_id = 1
        cross join generate_series(0, ${lit(CATEGORIES_PER_ORG - 1)}) j
        where o.id in ${SCALE_ORGS}
        order by o.id, j`),
    );
    await step(`authors (${ORGS * AUTHORS_PER_ORG})`, () =>
      tx.execute(sql`
        insert into authors (org_id, first_name, last_name, gender, email, bio, photo_key)
        select o.id,
               (array['Maya','Jonas','Aisha','Pedro','Lena','Kofi','Ingrid','Ravi','Chloe','Tomas'])[1 + j],
               (array['Lindqvist','Okafor','Moreau','Tanaka','Silva','Novak','Haddad','Brennan'])[1 + (o.id + j) % 8],
               (array['F','M','F','M','F','M','F','M','F','M'])[1 + j],
               'author' || j || '.org' || o.id || '@${sql.raw(DOMAIN)}',
               'Teacher and practitioner with years of experience in the field, who has helped thousands of learners.',
               ${SHARED_FILES.photo.key}
        from organisations o cross join generate_series(0, ${lit(AUTHORS_PER_ORG - 1)}) j
        where o.id in ${SCALE_ORGS}
        order by o.id, j`),
    );
    await step(`courses (${COURSES})`, () =>
      tx.execute(sql`
        with cats as (
          select id, org_id, (row_number() over (partition by org_id order by id) - 1)::int as n
          from categories where org_id in ${SCALE_ORGS}
        ),
        auths as (
          select id, org_id, (row_number() over (partition by org_id order by id) - 1)::int as n
          from authors where org_id in ${SCALE_ORGS}
        )
        insert into courses (org_id, title, description, image_key, price_cents, price_type_id, category_id,
                             author_id, certificate, published, created_by, created_at, updated_at)
        select o.id,
               (array['Practical','Modern','Complete','Hands-on','Essential','Advanced','Beginner''s','Applied'])[1 + (o.n * 100 + j) % 8]
                 || ' ' ||
               (array['Python','Photography','Watercolour','Spanish','Accounting','Marketing','Typography','Guitar',
                      'Statistics','Public Speaking','SQL','Illustration','Negotiation','French','Web Design',
                      'Bookkeeping','Piano','Data Analysis','Leadership','Japanese'])[1 + ((o.n * 100 + j) / 8) % 20]
                 || ' ' || (o.n * 100 + j + 1),
               repeat('A course loaded for the scale benchmarks: short lessons, a printable guide and practice. ', 3),
               ${SHARED_FILES.cover.key},
               900 + ((o.n * 100 + j) % 19) * 500, 2,
               c.id, a.id, j % 3 = 0, true, u.id,
               now() - interval '400 days' + make_interval(hours => j), now() - interval '400 days' + make_interval(hours => j)
        from (${orgsNumbered}) o
        cross join generate_series(0, ${lit(COURSES_PER_ORG - 1)}) j
        join users u on u.org_id = o.id and u.role_id = 1
        join cats c on c.org_id = o.id and c.n = j % ${lit(CATEGORIES_PER_ORG)}
        join auths a on a.org_id = o.id and a.n = j % ${lit(AUTHORS_PER_ORG)}
        order by o.id, j`),
    );
    await step(`sections (${COURSES * SECTIONS_PER_COURSE})`, () =>
      tx.execute(sql`
        insert into sections (course_id, name, description, order_number, published)
        select c.id, (array['Getting started','Core skills','Putting it into practice'])[s], '', s, true
        from courses c cross join generate_series(1, ${lit(SECTIONS_PER_COURSE)}) s
        where c.org_id in ${SCALE_ORGS}
        order by c.id, s`),
    );
    await step(`lessons (${COURSES * SECTIONS_PER_COURSE * LESSONS_PER_SECTION})`, () =>
      tx.execute(sql`
        insert into lessons (section_id, title, content_type, file_key, file_mime, file_size, order_number, published, preview)
        select s.id, 'Lesson ' || s.order_number || '.' || l, 'pdf', ${SHARED_FILES.lesson.key},
               ${SHARED_FILES.lesson.mime}, ${lit(lessonSize)}, l, true, s.order_number = 1 and l = 1
        from sections s join courses c on c.id = s.course_id
        cross join generate_series(1, ${lit(LESSONS_PER_SECTION)}) l
        where c.org_id in ${SCALE_ORGS}
        order by s.id, l`),
    );
    const range = await step(`students (${STUDENTS})`, async () => {
      await tx.execute(sql`
        insert into users (email, password_hash, full_name, role_id, is_active, verified, created_at, updated_at)
        select 'student' || g || '@${sql.raw(DOMAIN)}', ${studentHash},
               (array['Emma','Liam','Olivia','Noah','Ava','Elijah','Sophia','Lucas','Mia','Mateo','Amelia','Levi',
                      'Harper','Ezra','Evelyn','Kai','Aria','Omar','Zara','Yusuf','Chiara','Hugo','Freya','Arjun',
                      'Ines','Felix','Nadia','Oscar','Lea','Tariq'])[1 + g % 30]
                 || ' ' ||
               (array['Smith','Garcia','Müller','Rossi','Kowalski','Nguyen','Johansson','Dubois','Patel','Kim',
                      'Andersen','Costa','Novak','Ibrahim','Schmidt','Walker','Lopez','Wright','Fischer','Moreno',
                      'Sato','Clarke','Hansen','Romano','Bianchi'])[1 + (g / 30) % 25],
               3, true, true, now() - interval '400 days', now()
        from generate_series(1, ${lit(STUDENTS)}) g`);
      const row = rowsOf<{ lo: number; hi: number }>(
        await tx.execute(
          sql`select min(id) as lo, max(id) as hi from users where email like ${`student%@${DOMAIN}`}`,
        ),
      )[0];
      return { lo: Number(row?.lo), hi: Number(row?.hi) };
    });
    await tx.execute(sql`analyze organisations, users, courses, sections, lessons`);

    await tx.execute(numberScaleCourses);
    await tx.execute(sql`create unique index on scale_courses (n)`);
    await tx.execute(sql`analyze scale_courses`);
    // The big tables' secondary indexes are built once, after their rows.
    await tx.execute(
      sql.raw(`set local maintenance_work_mem = '${database.kind === 'pglite' ? '64MB' : '512MB'}'`),
    );
    await withoutSecondaryIndexes(
      tx,
      ['orders', 'enrolments', 'org_students', 'org_members', 'lesson_progress'],
      async () => {
        // A bought course's enrolment names its order: each batch's orders are joined as they are
        // inserted, not looked for among all the orders loaded before.
        await step(
          `course orders (${STUDENTS * PURCHASES_PER_STUDENT}) and enrolments (${STUDENTS * ENROLMENTS_PER_STUDENT})`,
          () =>
            perStudentBatch(
              tx,
              range,
              sql`,
            bought as (
              insert into orders (user_id, org_id, kind, course_id, amount_cents, currency, provider,
                                  provider_order_id, provider_capture_id, status, captured_at, created_at, updated_at)
              select user_id, org_id, 'course', course_id, price_cents, currency, 'sandbox',
                     'SCALE-' || user_id || '-' || course_id, 'SCALE-CAP-' || user_id || '-' || course_id, 'captured',
                     at - interval '1 minute', at - interval '2 minutes', at - interval '1 minute'
              from plan where k < ${lit(PURCHASES_PER_STUDENT)}
              returning id, user_id, course_id
            )
            insert into enrolments (user_id, course_id, source, order_id, created_at)
            select p.user_id, p.course_id, case when p.k < ${lit(PURCHASES_PER_STUDENT)} then 'purchased' else 'assigned' end,
                   o.id, p.at
            from plan p
            left join bought o on o.user_id = p.user_id and o.course_id = p.course_id`,
            ),
        );
        // An organisation assigns courses only to students it added (registerStudent adds an existing
        // account too): one contact row per organisation and assigned student.
        await step('org_students (assigned students)', () =>
          perStudentBatch(
            tx,
            range,
            sql`
            insert into org_students (org_id, user_id, added_by, created_at)
            select p.org_id, p.user_id, min(u.id), min(p.at) - interval '1 minute'
            from plan p join users u on u.org_id = p.org_id and u.role_id = 1
            where p.k >= ${lit(PURCHASES_PER_STUDENT)}
            group by p.org_id, p.user_id`,
          ),
        );
        // Each organisation's students list from the same plan, as the triggers keep it: a row for each
        // organisation and student, with the courses they hold there and whether it added them.
        await step('org_members (the students lists)', () =>
          perStudentBatch(
            tx,
            range,
            sql`
            insert into org_members (org_id, user_id, sort_name, email, added, courses)
            select p.org_id, p.user_id, lower(u.full_name), lower(u.email),
                   bool_or(p.k >= ${lit(PURCHASES_PER_STUDENT)}), count(*)::int
            from plan p join users u on u.id = p.user_id
            group by p.org_id, p.user_id, u.full_name, u.email`,
          ),
        );
        // Each enrolment has its first (n + k) mod 5 lessons started (STARTED_LESSONS_AT_MOST), in key order.
        await step(`lesson progress (${STUDENTS * ENROLMENTS_PER_STUDENT * 2})`, () =>
          perStudentBatch(
            tx,
            range,
            sql`
            insert into lesson_progress (user_id, lesson_id, started, started_at)
            select p.user_id, l.id, true, p.at + make_interval(hours => l.order_number::int)
            from plan p cross join unnest(p.first_lessons) with ordinality as l(id, order_number)
            where l.order_number <= (p.sn + p.k) % ${lit(STARTED_LESSONS_AT_MOST)}
            order by p.user_id, l.id`,
          ),
        );
      },
    );
  });

  // Outside the transaction: fresh statistics, so the first queries are planned on real numbers, and a
  // visibility map, so index-only scans read no table pages (the embedded database has no autovacuum).
  await step('vacuum and analyze', () => db.execute(sql`vacuum (analyze)`));
}

async function report(database: Database) {
  const tables = [
    'organisations',
    'users',
    'subscriptions',
    'categories',
    'authors',
    'courses',
    'sections',
    'lessons',
    'enrolments',
    'org_students',
    'lesson_progress',
    'orders',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = await scalar(database.db, sql.raw(`select count(*) from ${table}`));
  counts['orders (course, captured)'] = await scalar(
    database.db,
    sql`select count(*) from orders where kind = 'course' and status = 'captured'`,
  );
  counts['enrolments (purchased)'] = await scalar(
    database.db,
    sql`select count(*) from enrolments where source = 'purchased'`,
  );
  console.log('\nRows:');
  console.table(counts);
  if (database.kind === 'postgres') {
    const size = await scalar(database.db, sql`select pg_database_size(current_database())`);
    console.log(`Database size: ${(size / 1024 / 1024).toFixed(0)} MiB`);
  }
}

const filesDir = options['files-dir'] ?? (dataDir ? path.join(dataDir, 'files') : undefined);
let unlock = () => {};
if (dataDir) {
  try {
    // The server holds this lock while it runs: loading under its feet would corrupt the database.
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
console.log(
  `Scale ${scale}: ${ORGS} organisations, ${COURSES} courses, ${STUDENTS} students into ${dataDir ? `${dataDir}/db (embedded)` : 'PostgreSQL'}`,
);
const started = performance.now();
let database: Database | undefined;
try {
  // A load's statements take what they take: none inherits the app's statement timeout (0: none).
  const untimed = { statementTimeoutMs: 0 };
  database = dataDir
    ? await openPglite(path.join(dataDir, 'db'), undefined, undefined, untimed)
    : openPostgres(databaseUrl ?? '', undefined, undefined, untimed);
  await load(database);
  if (filesDir) writeSharedFiles(filesDir);
  const total = (performance.now() - started) / 1000;
  console.log(`  ${'total'.padEnd(44)} ${total.toFixed(1).padStart(7)} s`);
  await report(database);
  if (!filesDir) {
    console.log(
      'No --files-dir: lesson files were not written; lesson URLs answer 404 until the shared files exist.',
    );
  } else console.log(`Shared lesson, cover and photo files: ${filesDir}`);
  console.log(`Publishers: publisher1..${ORGS}@${DOMAIN} / ${PUBLISHER_PASSWORD}`);
  console.log(`Students:   student1..${STUDENTS}@${DOMAIN} / ${STUDENT_PASSWORD}`);
  console.log(JSON.stringify({ scale, steps, totalSeconds: +total.toFixed(1) }));
} catch (error) {
  // A driver error says what failed in its cause; the wrapper only repeats the statement.
  const { message, cause } = error as { message?: string; cause?: { message?: string } };
  console.error(cause?.message ? `${message}\n${cause.message}` : (message ?? error));
  process.exitCode = 1;
} finally {
  await database?.close();
  unlock();
}
