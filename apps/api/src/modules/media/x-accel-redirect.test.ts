import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { publishVideoLesson } from '../../../test/authoring';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { courses } from '../../db/schema';
import { API_ROOT } from '../../lib/paths';

// The app behind real nginx, configured by deploy/nginx.conf, with X_ACCEL_REDIRECT_PREFIX set: the app
// grants or refuses, nginx sends the file from disk. .ci/run installs nginx; without it this is skipped.
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (candidate) => spawnSync(candidate, ['-v']).status === 0,
);

const freePort = async () => {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
};

/** deploy/nginx.conf, pointed at this test's app and files, in a main configuration of its own. */
async function nginxConfig(dir: string, port: number, appPort: number, filesDir: string) {
  const server = (await readFile(path.resolve(API_ROOT, '../../deploy/nginx.conf'), 'utf8'))
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`)
    .replace('/var/lib/skillwise/files/', `${filesDir}/`);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `daemon off;
master_process off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 64; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${server}
}
`;
}

describe.skipIf(!NGINX)('files sent by nginx in front (X-Accel-Redirect)', () => {
  let ctx: TestContext;
  let nginx: ChildProcess;
  let dir: string;
  let front: string;

  beforeAll(async () => {
    ctx = await createTestContext({ X_ACCEL_REDIRECT_PREFIX: '/_files/' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (ctx.app.server.address() as { port: number }).port;
    dir = await mkdtemp(path.join(tmpdir(), 'skillwise-nginx-'));
    const port = await freePort();
    await writeFile(path.join(dir, 'nginx.conf'), await nginxConfig(dir, port, appPort, ctx.filesDir));
    nginx = spawn(NGINX as string, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
    front = `http://127.0.0.1:${port}`;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
      try {
        await fetch(`${front}/api/health`);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await once(nginx, 'exit');
    }
    await ctx?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a granted lesson file comes from nginx, whole and by ranges, with the app’s headers', async () => {
    const { lesson, data } = await publishVideoLesson(ctx, { preview: false });
    const url = `${front}${lesson.content_path}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await whole.arrayBuffer()), data)).toBe(0);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-disposition')).toBe(
      `inline; filename="lesson-${lesson.lesson_Id}.mp4"`,
    );
    expect(whole.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(whole.headers.get('x-accel-redirect')).toBeNull();
    // What nginx's static files carry and the app's own stream does not: nginx read it from disk.
    expect(whole.headers.get('last-modified')).not.toBeNull();

    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${data.length}`);
    expect(Buffer.compare(Buffer.from(await part.arrayBuffer()), data.subarray(1000, 2000))).toBe(0);
    const past = await fetch(url, { headers: { range: `bytes=${data.length}-` } });
    expect(past.status).toBe(416);
  });

  test('a refused URL gets the app’s answer and no byte of the file', async () => {
    const { lesson } = await publishVideoLesson(ctx, { preview: false });
    const forged = `${front}${lesson.content_path.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`)}`;
    const refused = await fetch(forged);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await refused.json()) as { statusCode: number }).statusCode).toBe(refused.status);
  });

  test('nobody reaches the internal location directly', async () => {
    const { lesson, data } = await publishVideoLesson(ctx, { preview: false });
    const [row] = await ctx.database.db
      .execute(`select file_key from lessons where id = ${lesson.lesson_Id}`)
      .then((r) => (r as unknown as { rows: { file_key: string }[] }).rows);
    const key = String(row?.file_key);
    const direct = await fetch(`${front}/_files/${key.slice(0, 2)}/${key}`);
    expect(direct.status).toBe(404);
    expect(Buffer.from(await direct.arrayBuffer()).includes(data.subarray(0, 64))).toBe(false);
  });

  test('a course cover comes from nginx too; the app itself answers only where the file is', async () => {
    const { course } = await publishVideoLesson(ctx, { preview: false });
    const [row] = await ctx.database.db
      .select({ key: courses.imageKey })
      .from(courses)
      .where(eq(courses.id, course.course_Id));
    const key = String(row?.key);
    const stored = await readFile(path.join(ctx.filesDir, key.slice(0, 2), key));
    const cover = await fetch(`${front}/api/files/public/${key}`);
    expect(cover.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await cover.arrayBuffer()), stored)).toBe(0);
    expect(cover.headers.get('content-type')).toMatch(/^image\//);

    // Asked directly (no nginx in between), the app sends the location and no bytes.
    const appPort = (ctx.app.server.address() as { port: number }).port;
    const bare = await fetch(`http://127.0.0.1:${appPort}/api/files/public/${key}`);
    expect(bare.headers.get('x-accel-redirect')).toBe(`/_files/${key.slice(0, 2)}/${key}`);
    expect((await bare.arrayBuffer()).byteLength).toBe(0);
  });
});
