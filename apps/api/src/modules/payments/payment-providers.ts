import { MSG, type PaymentProviderName, type PaymentsConfig } from '@skillwise/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors';
import { type PaymentProvider, PaymentProviderError } from '../../lib/payments/provider';

/** The configured providers by name, `main` (the default) first. */
export function providersByName(
  main: PaymentProvider,
  others: readonly PaymentProvider[] = [],
): ReadonlyMap<string, PaymentProvider> {
  const all = [main, ...others.filter((p) => p.name !== main.name)];
  return new Map(all.map((p) => [p.name, p]));
}

/**
 * The payment providers an order may be made with (decision 023): the default one, the others configured
 * beside it, and the one way a request calls them (a provider's failure answered as PAYMENT_PROVIDER).
 */
export class PaymentProviders {
  private readonly byName: ReadonlyMap<string, PaymentProvider>;

  constructor(
    /** The one an order takes when it names none. */
    readonly main: PaymentProvider,
    others: readonly PaymentProvider[] | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    this.byName = providersByName(main, others);
  }

  /** The configured provider of that name, if any. */
  get(name: string): PaymentProvider | undefined {
    return this.byName.get(name);
  }

  /** The configured providers' names, the default first. */
  names(): string[] {
    return [...this.byName.keys()];
  }

  config(): PaymentsConfig {
    return {
      provider: this.main.name,
      clientId: this.main.clientId,
      currency: 'USD',
      providers: [...this.byName.values()].map((p) => ({ name: p.name, clientId: p.clientId })),
    };
  }

  /** The provider a new order names (400 when it is not configured), or the default one. */
  forNewOrder(name: PaymentProviderName | undefined): PaymentProvider {
    if (name === undefined) return this.main;
    const provider = this.byName.get(name);
    if (!provider) {
      throw new AppError('VALIDATION', `provider: ${name} is not configured on this server`, [
        { field: 'provider', message: `must be one of ${this.names().join(', ')}` },
      ]);
    }
    return provider;
  }

  /**
   * The provider that holds an order (or a refund owed): the one it was made with. One no longer
   * configured is a provider failure: the claim or the refund stays for when it is configured again.
   */
  of(name: string): PaymentProvider {
    const provider = this.byName.get(name);
    if (!provider) throw new PaymentProviderError(`${name} is not configured`);
    return provider;
  }

  /** A call to a provider in a request: its failure is logged and answered as PAYMENT_PROVIDER. */
  async call<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        this.log.error({ err: error }, 'payment provider failed');
        throw new AppError('PAYMENT_PROVIDER', MSG.paymentError);
      }
      throw error;
    }
  }
}
