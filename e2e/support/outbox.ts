import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const outboxDir = () => path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/** Waits for the newest message to `email` in the outbox written after `since`, and answers its code. */
export async function waitForCode(email: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = await readdir(outboxDir()).catch(() => [] as string[]);
    const messages = await Promise.all(
      files
        .filter((f) => f.endsWith('.eml'))
        .map(async (f) => ({ name: f, raw: await readFile(path.join(outboxDir(), f), 'utf8') })),
    );
    const mine = messages
      .filter((m) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(m.raw))
      .filter((m) => Date.parse(m.raw.match(/^Date: (.+)$/m)?.[1] ?? '') >= since - 1000)
      .sort((a, b) => a.name.localeCompare(b.name));
    // Quoted-printable bodies may break a line softly ("=" at its end) before the code.
    const code = mine
      .at(-1)
      ?.raw.replace(/=\r?\n/g, '')
      .match(/is: (\d{6})/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
