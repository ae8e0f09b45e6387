/**
 * Where the Stripe journeys run, from E2E_PORT (3210 by default): the Stripe fake at E2E_PORT + 3 and the
 * same app configured with Stripe (pointed at the fake, which delivers its webhook events) at E2E_PORT + 4.
 */
export function stripeSettings(env: NodeJS.ProcessEnv = process.env) {
  const base = Number(env.E2E_PORT ?? 3210);
  const fakePort = base + 3;
  const appPort = base + 4;
  const appOrigin = `http://127.0.0.1:${appPort}`;
  const secretKey = 'sk_test_e2e';
  const webhookSecret = 'whsec_e2e';
  return {
    fakePort,
    fakeOrigin: `http://127.0.0.1:${fakePort}`,
    appPort,
    appOrigin,
    secretKey,
    webhookUrl: `${appOrigin}/api/payments/webhooks/stripe`,
    webhookSecret,
    /** The STRIPE_* settings of the app with Stripe. */
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: `http://127.0.0.1:${fakePort}`,
      // Each school is paid into its own Stripe account, the operator taking 10% as an application fee.
      PAYOUT_MODE: 'connected',
      PLATFORM_FEE_PERCENT: '10',
    },
  };
}
