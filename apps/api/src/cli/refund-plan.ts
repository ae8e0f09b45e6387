// A plan's refund by the operator (README "Refunding a plan"): `npm run refund-plan -- --order ID
// --reason TEXT` gives a plan order back in full through the provider that took it and ends the school's
// paid period now. With the embedded database, stop the server first (one process per DATA_DIR); with
// DATABASE_URL it works while the app runs. The receipt is queued and sent by the server.
import Fastify from 'fastify';
import { deriveAppKeys } from '../lib/keys';
import { loadAppSecret } from '../lib/secret';
import { BillingService } from '../modules/billing/billing.service';
import { NotificationService } from '../modules/notifications/notifications.service';
import { PlanLimits } from '../modules/organisations/plan-limits';
import { configuredProviders } from '../modules/payments/configured-providers';
import { PaymentService } from '../modules/payments/payments.service';
import { RefundPlanCommandError, runRefundPlanCommand } from '../modules/payments/refund-plan-command';
import { runOperatorCommand } from './operator-command';

runOperatorCommand(
  async (db, config) => {
    // Warnings (a provider that did not answer) go to stderr; the outcome is printed on stdout.
    const log = Fastify({ logger: { level: 'warn', stream: process.stderr } }).log;
    const notifications = new NotificationService({
      db,
      unsubscribeKey: deriveAppKeys(loadAppSecret(config.appSecret, config.dataDir)).unsubscribeLinks,
      publicUrl: config.publicUrl,
    });
    const { provider, others, sandbox } = configuredProviders(config, db);
    const billing = new BillingService({ db, provider, others, log, notifications });
    const payments = new PaymentService({
      db,
      provider,
      others,
      billing,
      sandbox,
      limits: new PlanLimits(db),
      log,
      notifications,
      platformFeeBasisPoints: config.platformFeeBasisPoints,
    });
    return runRefundPlanCommand({ db, payments, billing }, process.argv.slice(2));
  },
  [RefundPlanCommandError],
);
