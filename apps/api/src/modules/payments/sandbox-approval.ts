import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { SandboxProvider } from '../../lib/payments/sandbox';
import type { Actor } from '../../plugins/auth';
import { isOwnerOf } from '../access/access';
import { dollars } from '../organisations/organisations.service';
import { findOrderByProviderId, moveOrder } from './payments.repository';

/** The built-in sandbox's approval page (our own card form): for the buyer of the order only. */
export class SandboxApproval {
  constructor(private readonly deps: { db: Db; sandbox: SandboxProvider | undefined }) {}

  /** What the sandbox approval page shows: the amount the provider holds, for the order's buyer only. */
  async sandboxOrder(actor: Actor, providerOrderId: string) {
    const { db, sandbox } = this.deps;
    const order = sandbox ? await findOrderByProviderId(db, 'sandbox', providerOrderId) : undefined;
    const payment = order && isOwnerOf(actor, order) ? await sandbox?.find(providerOrderId) : undefined;
    if (!payment) throw notFound('Sandbox payment');
    return {
      id: payment.id,
      amount: dollars(payment.amountCents),
      currency: payment.currency,
      description: payment.description,
      status: payment.status,
    };
  }

  /** The sandbox approval page's card form: only the buyer of the order may approve it. */
  async approveSandbox(actor: Actor, providerOrderId: string, cardNumber: string) {
    const { db, sandbox } = this.deps;
    if (!sandbox) throw notFound('Sandbox payment');
    const order = await findOrderByProviderId(db, 'sandbox', providerOrderId);
    if (!order || !isOwnerOf(actor, order)) throw notFound('Sandbox payment');
    if (order.status === 'captured') throw new AppError('CONFLICT', 'This payment is already complete.');
    const result = await sandbox.approve(providerOrderId, cardNumber);
    // An order claimed for capture meanwhile keeps its state: approving again never moves it back.
    if (result.status === 'approved') await moveOrder(db, order.id, 'approved');
    return { id: providerOrderId, status: result.status === 'approved' ? 'APPROVED' : 'DECLINED' };
  }
}
