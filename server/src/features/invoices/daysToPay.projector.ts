import { registerProjector } from '../../events/projectors';
import { now } from '../../infra/clock';
import {
  PayerPaymentsModel,
  payerPartyOf,
  payerPaymentsOf,
  withPayment,
  withQuickPayMissed,
} from '../companies/payerPayments';

/**
 * Days-to-pay (issue 40, items 3 and 4): each paid invoice is added to its payer's day in `payer_payment_summaries`,
 * and each quick pay promise missed to the day it was due by, so a profile or a load card reads the payer's record by
 * one equality. A fact handed over again is counted once.
 */
export const daysToPayProjector = registerProjector({
  name: 'daysToPay',
  applicableEvents: ['invoice.paid', 'invoice.quickPayMissed'],
  async handle(event) {
    if (event.name !== 'invoice.paid' && event.name !== 'invoice.quickPayMissed') return;
    const { invoice, parties } = event.data;
    if (event.name === 'invoice.paid' ? !invoice.paidAt : !invoice.quickPay) return;
    const summary = await payerPaymentsOf(payerPartyOf(invoice, parties.payerUserId));
    if (summary.lastSeq >= event.seq) return;
    const add = event.name === 'invoice.paid' ? withPayment : withQuickPayMissed;
    await PayerPaymentsModel.replaceOne(
      { _id: summary._id },
      { days: add(summary.days, invoice, now()), lastSeq: event.seq },
      { upsert: true },
    );
  },
});
