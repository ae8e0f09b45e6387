import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uniqueSuffix } from './support/api';
import { expectAccessible } from './support/axe';
import { PUBLISHER } from './support/courses';
import { expect, test, WIDTHS } from './support/fixtures';
import { closeToasts, logIn } from './support/flows';
import { shot } from './support/screens';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A receiver on this machine that answers 200 to every webhook and keeps what it got. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

    test('a Growth school adds an endpoint, sends a test event, the receiver gets it signed and the log shows it', async ({
      page,
    }) => {
      const receiver = await startReceiver();
      try {
        const url = `${receiver.url}/hooks/${uniqueSuffix()}`;
        // The demo school runs the Growth plan.
        await logIn(page, PUBLISHER.email, PUBLISHER.password);
        await expect(page).toHaveURL(/\/admin/);
        await page.goto('/admin/settings');
        const card = page.getByRole('region', { name: 'Webhooks' });
        await card.getByRole('button', { name: 'Add endpoint' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
        await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url);
        await expectAccessible(page, { headings: false });
        await dialog.getByRole('button', { name: 'Add endpoint' }).click();
        await expect(dialog).toBeHidden();

        // The signing secret is shown once.
        const secret = (await card.locator('[data-secret]').textContent()) ?? '';
        expect(secret).toMatch(/^whsec_/);
        await closeToasts(page);
        await expectAccessible(page);
        await shot(page, `webhooks-secret-${width}`);
        await card.getByRole('button', { name: 'Done' }).click();

        const endpoint = card.locator(`[data-endpoint="${url}"]`);
        await endpoint.getByRole('button', { name: `Send test event to ${url}` }).click();
        await expect(page.getByText('Test event delivered (HTTP 200).')).toBeVisible();
        const got = receiver.received.find((r) => url.endsWith(r.path));
        expect(got).toBeDefined();
        if (!got) return;
        const id = String(got.headers['webhook-id']);
        const timestamp = String(got.headers['webhook-timestamp']);
        const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
        const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${got.body}`).digest('base64');
        expect(got.headers['webhook-signature']).toBe(`v1,${mac}`);
        expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test' });

        await closeToasts(page);
        await endpoint.getByRole('button', { name: `Deliveries of ${url}` }).click();
        const log = page.getByRole('dialog', { name: 'Deliveries' });
        await expect(log).toContainText(url);
        const row = log.locator('[data-delivery="webhook.test"]');
        await expect(row).toHaveAttribute('data-state', 'delivered');
        await expect(row).toContainText(id);
        await expect(row).toContainText('HTTP 200');
        await expectAccessible(page, { headings: false });
        await shot(page, `webhooks-log-${width}`);
      } finally {
        await new Promise((resolve) => receiver.server.close(resolve));
      }
    });
  });
}
