import { registerProjector } from '../../events/projectors';
import { now } from '../../infra/clock';
import { PayerPaymentsModel, payerPartyOf, payerPaymentsOf, withPayment } from '../companies/payerPayments';

/**
 * Days-to-pay (issue 40, item 4): each paid invoice is added to its payer's day in `payer_payment_summaries`, so a
 * profile or a load card reads the payer's figure by one equality. A fact handed over again is counted once.
 */
export const daysToPayProjector = registerProjector({
  name: 'daysToPay',
  applicableEvents: ['invoice.paid'],
  async handle(event) {
    if (event.name !== 'invoice.paid') return;
    const { invoice, parties } = event.data;
    if (!invoice.paidAt) return;
    const summary = await payerPaymentsOf(payerPartyOf(invoice, parties.payerUserId));
    if (summary.lastSeq >= event.seq) return;
    await PayerPaymentsModel.replaceOne(
      { _id: summary._id },
      { days: withPayment(summary.days, invoice, now()), lastSeq: event.seq },
      { upsert: true },
    );
  },
});
