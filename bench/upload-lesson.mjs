#!/usr/bin/env node
// Uploads one large lesson (1 GiB by default) to a fresh server and reports the throughput and the
// server's memory: its resident set before, and its peak (VmHWM) after. The file is generated while it
// is sent, so neither side holds it in memory. Usage: node bench/upload-lesson.mjs [sizeInMiB]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from './lib/server.mjs';

const sizeMiB = Number(process.argv[2] ?? 1024);
const size = sizeMiB * 1024 * 1024;
const port = 3900 + Math.floor(Math.random() * 90);
const dataDir = mkdtempSync(path.join(tmpdir(), 'skillwise-bench-'));
const base = `http://127.0.0.1:${port}/api`;

const server = await startServer({
  port,
  dataDir,
  databaseUrl: process.env.BENCH_DATABASE_URL,
  // The demo publisher uploads.
  env: { SEED_DEMO: 'true' },
});

const memory = (field) => {
  const line = readFileSync(`/proc/${server.pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
};
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function json(method, url, body, token) {
  const res = await fetch(`${base}/${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const png = () =>
  new Blob(
    [Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(1024)])],
    { type: 'image/png' },
  );

/** Sends a multipart upload whose file part is generated chunk by chunk, honouring back-pressure. */
function streamUpload(token, sectionId) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const fields = {
    'Object.lesson_Id': '0',
    'Object.lesson_title': `Big lesson ${sizeMiB} MiB`,
    'Object.contentType': 'video',
    'Object.section_Id': String(sectionId),
  };
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="fileName"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const mp4Header = Buffer.from([
    0,
    0,
    0,
    0x18,
    ...Buffer.from('ftypisom'),
    0,
    0,
    2,
    0,
    ...Buffer.from('isomiso2'),
  ]);
  const chunk = randomBytes(1024 * 1024);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}/lessons/createLessons`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        res.statusCode === 201 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode} ${text}`)),
      );
    });
    let sent = 0;
    const write = () => {
      while (sent < size) {
        let piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        if (sent === 0) piece = Buffer.concat([mp4Header, piece.subarray(mp4Header.length)]);
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', write);
      }
      req.end(tail);
    };
    req.write(head);
    write();
  });
}

try {
  const { token } = await json('POST', 'users/Login', {
    username: 'publisher@example.com',
    password: 'publisher123',
  });
  const category = await json(
    'POST',
    'coursecategory/CreateCourseCategory',
    { category_name: 'Bench' },
    token,
  );
  const authorForm = new FormData();
  for (const [k, v] of Object.entries({
    first_name: 'Ben',
    last_name: 'Ch',
    gender: 'M',
    email_address: 'b@example.com',
  }))
    authorForm.set(`Object.${k}`, v);
  authorForm.set('fileName', png(), 'a.png');
  const author = await json('POST', 'authors/CreateAuthors', authorForm, token);
  const courseForm = new FormData();
  for (const [k, v] of Object.entries({
    course_title: 'Bench',
    course_description: 'Bench',
    price: '1',
    price_type_Id: '2',
    category_id: String(category.category_Id),
    author_id: String(author.author_id),
  }))
    courseForm.set(`Object.${k}`, v);
  courseForm.set('fileName', png(), 'c.png');
  const course = await json('POST', 'courses/createCourse', courseForm, token);
  const section = await json(
    'POST',
    'courseSections/InsertCourseSections',
    { course_id: course.course_Id, section_name: 'Bench' },
    token,
  );

  const rssBefore = memory('VmRSS');
  const started = process.hrtime.bigint();
  const lesson = await streamUpload(token, section.section_Id);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const peak = memory('VmHWM');
  if (lesson.file_size !== size) throw new Error(`stored ${lesson.file_size} bytes, sent ${size}`);
  console.log(
    JSON.stringify(
      {
        fileMiB: sizeMiB,
        seconds: +seconds.toFixed(2),
        throughputMiBps: +(sizeMiB / seconds).toFixed(1),
        serverRssBefore: mib(rssBefore),
        serverPeakRss: mib(peak),
        node: process.version,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
