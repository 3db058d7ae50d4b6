import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { BillingRules } from './ledger.service';
import type { PaymentsContext } from './recording.service';

/**
 * The payments module as other modules see it. Its work is split by noun: intents (asking the
 * provider to charge), recording (settling what the provider says into payments), ledger (what is
 * owed, month by month).
 */
export { endedLeaseBalances, firstRentDue, type BillingRules } from './ledger.service';
export { keepRentCalendar, rentCollectedByMonth } from './rent-collected.service';
export { balancesOf } from './lease-figures.service';
export {
  closeIntentsAfter,
  closeIntentsAtOtherRent,
  settleListedIntents,
  type PaymentsContext,
} from './recording.service';
export { addCharge, chargesOwedBy, listCharges } from './charges.service';
export { depositsHeld, depositTotals, leaseDeposits } from './deposits.service';

/** When rent falls due, from the configuration. */
export const billingRules = (config: Config): BillingRules => ({
  dueDay: config.rent.dueDay,
  graceDays: config.rent.graceDays,
  timeZone: config.rent.timeZone,
  leaseStart: config.lease.startDate,
});

/** What the payment services need, for one request (its logger) or for the app. */
export function paymentsContext(app: FastifyInstance, log: FastifyBaseLogger): PaymentsContext {
  return {
    db: app.db,
    gateways: app.paymentGateways,
    charge: { currency: app.config.payments.currency, rate: app.config.payments.rate },
    rules: billingRules(app.config),
    log,
  };
}
