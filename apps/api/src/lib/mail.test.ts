import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, openTestDatabase, testConfig, uniqueEmail } from '../../test/helpers';
import { decodeWords, parseMail } from '../../test/mime';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createOutboxMailer, createSmtpMailer, senderOf } from './mail';
import { LocalDiskStorage } from './storage';

const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
let database: Database;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  database = await openTestDatabase();
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

test('sign-up sends the code through a real SMTP server; the code read from the message verifies', async () => {
  const url = `smtp://127.0.0.1:${smtpPort}`;
  const config = testConfig({ SMTP_URL: url, MAIL_FROM: 'Skillwise <no-reply@example.com>' });
  const mailer = createSmtpMailer(url, config.mailFrom);
  const storage = new LocalDiskStorage(path.join(tmpdir(), 'unused-files'));
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    secret: 'x'.repeat(40),
    storage,
    logger: false,
  });
  try {
    const email = uniqueEmail('smtp');
    const res = await call(app, {
      method: 'POST',
      url: '/api/users/register',
      body: { email, password: 'smtp password', fullName: 'Mail Reader', role_id: 3 },
    });
    expect(res.statusCode).toBe(201);
    const message = received.find((m) => m.to.includes(email));
    expect(message?.raw).toMatch(/^From: Skillwise <no-reply@example.com>/m);
    expect(message?.raw).toMatch(/^Subject: Your Skillwise verification code/m);
    const code = message?.raw.match(/is: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(app, {
      method: 'POST',
      url: '/api/users/VerifyVerificationCode',
      body: { email, verificationCode: code },
    });
    expect(verified.json().verified).toBe(true);
  } finally {
    await app.close();
    mailer.close();
  }
});

test('the outbox writes one complete .eml file per message', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  try {
    const mailer = createOutboxMailer(dir, 'Skillwise <no-reply@example.com>');
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Your code is: 123456' });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dir, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^To: a@example.com$/m);
    expect(raw).toContain('Your code is: 123456');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('every message has a plain-text and an HTML part; a school’s names the sender and brands the HTML, as text', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  try {
    const mailer = createOutboxMailer(dir, 'Skillwise <no-reply@example.com>');
    const text =
      'Hello Ana,\n\nAcme <b>&" Academy added you to "Knots & Ropes", $1,910.40.\nSign in at https://learn.example.com/login?next=%2Fstudents&x=1.\n\nSkillwise';
    await mailer.send({
      to: 'school@example.com',
      subject: 'Acme <b>&" Academy added you',
      text,
      school: 'Acme <b>&" Academy',
    });
    await mailer.send({ to: 'plain@example.com', subject: 'Your code', text: 'Your code is: 123456' });
    const mails = await Promise.all(
      (await readdir(dir))
        .sort()
        .map(async (file) => parseMail(await readFile(path.join(dir, file), 'utf8'))),
    );
    const school = mails.find((m) => m.headers.to === 'school@example.com');
    const plain = mails.find((m) => m.headers.to === 'plain@example.com');

    expect(school?.contentType).toMatch(/^multipart\/alternative;/);
    expect(school?.text).toBe(text);
    expect(decodeWords(school?.headers.subject ?? '')).toBe('Acme <b>&" Academy added you');
    // The display name is quoted (or encoded) by nodemailer: the address stays MAIL_FROM's.
    expect(decodeWords(school?.headers.from ?? '')).toMatch(
      /^"?Acme <b>&\\?" Academy via Skillwise"? <no-reply@example\.com>$/,
    );
    const html = school?.html ?? '';
    expect(html).toContain('<title>Acme &#60;b&#62;&#38;&#34; Academy added you</title>');
    expect(html).toContain('font-weight:700;');
    expect(html).toContain('Acme &#60;b&#62;&#38;&#34; Academy</td>');
    expect(html).toContain('Sent for Acme &#60;b&#62;&#38;&#34; Academy by Skillwise');
    expect(html).toContain('&#34;Knots &#38; Ropes&#34;, $1,910.40.<br>Sign in at ');
    // A sentence's full stop after an address is not part of the link.
    expect(html).toContain(
      '<a href="https://learn.example.com/login?next=%2Fstudents&#38;x=1" style="color:#4338ca">https://learn.example.com/login?next=%2Fstudents&#38;x=1</a>.',
    );
    expect(html).not.toMatch(/<b>|&"/);

    expect(plain?.contentType).toMatch(/^multipart\/alternative;/);
    expect(plain?.headers.from).toBe('Skillwise <no-reply@example.com>');
    expect(plain?.text).toBe('Your code is: 123456');
    expect(plain?.html).toContain('Your code is: 123456');
    expect(plain?.html).toContain(
      'color:#ffffff;padding:20px 28px;border-radius:12px 12px 0 0;font-size:20px;font-weight:700;',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('the sender: MAIL_FROM, named for the school when there is one', () => {
  expect(senderOf('Skillwise <no-reply@example.com>')).toEqual({
    name: 'Skillwise',
    address: 'no-reply@example.com',
  });
  expect(senderOf('"Learn Co" <hi@learn.co>', 'Acme')).toEqual({
    name: 'Acme via Learn Co',
    address: 'hi@learn.co',
  });
  expect(senderOf('hi@learn.co', 'Acme')).toEqual({ name: 'Acme via Skillwise', address: 'hi@learn.co' });
});
