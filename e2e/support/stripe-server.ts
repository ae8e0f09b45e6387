// The Stripe fake of the Stripe journeys (e2e/payments-stripe.spec.ts): the API tests' fake
// (apps/api/test/fakes/stripe-server.ts) on a fixed loopback port, with its hosted checkout page, posting
// its signed events to the app's webhook. It runs until it is stopped.
import { FakeStripe } from '../../apps/api/test/fakes/stripe-server';
import { stripeSettings } from './stripe';

const settings = stripeSettings();
const fake = await new FakeStripe({
  secretKey: settings.secretKey,
  port: settings.fakePort,
  webhook: { url: settings.webhookUrl, secret: settings.webhookSecret },
}).start();
console.log(`Stripe fake at ${fake.baseUrl}, events to ${settings.webhookUrl}`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  fake.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
