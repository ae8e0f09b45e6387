import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { PayPalProvider } from '../../lib/payments/paypal';
import type { PaymentProvider } from '../../lib/payments/provider';
import { SandboxProvider } from '../../lib/payments/sandbox';
import { StripeProvider } from '../../lib/payments/stripe';
import { LINKS } from '../notifications/notification-links';

/**
 * Every configured payment provider (PayPal, Stripe), the first the default; the built-in sandbox only
 * when none is configured. `first` (a test's provider) goes before them. The server's services and the
 * operator's commands that move money take theirs from here.
 */
export function configuredProviders(config: Config, db: Db, first?: PaymentProvider) {
  const configured: PaymentProvider[] = [
    ...(config.paypal
      ? [new PayPalProvider({ ...config.paypal, renewalReturnUrl: `${config.publicUrl}${LINKS.billing}` })]
      : []),
    ...(config.stripe ? [new StripeProvider({ ...config.stripe, publicUrl: config.publicUrl })] : []),
  ];
  const sandbox = configured.length === 0 ? new SandboxProvider(db) : undefined;
  const [provider = sandbox as SandboxProvider, ...others] = first ? [first, ...configured] : configured;
  return { configured, sandbox, provider, others };
}
