// Payouts to schools when the operator collects their sales (PAYOUT_MODE=collected, README "Payouts"):
// `npm run payouts -- list` shows what each school is owed; `npm run payouts -- record --org ID
// --amount 12.34 --reference TEXT [--note TEXT] [--force]` records a payout made, once per reference.
import { PayoutsCommandError, runPayoutsCommand } from '../modules/payments/payouts-command';
import { runOperatorCommand } from './operator-command';

runOperatorCommand(
  (db, config) => runPayoutsCommand(db, config.payoutMode, process.argv.slice(2)),
  [PayoutsCommandError],
);
