import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { call, openTestDatabase, testConfig, uniqueEmail } from '../../test/helpers';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createOutboxMailer, createSmtpMailer } from './mail';
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
