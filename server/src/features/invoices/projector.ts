import {
  INVOICE_FACTS,
  formatUsd,
  isInvoiceFact,
  rooms,
  type DomainEventData,
  type InvoiceDto,
} from '@freight/shared';
import { Types } from 'mongoose';
import { registerProjector } from '../../events/projectors';
import { INVOICE_READERS, MONEY_ROLES } from '../../policies/invoices';
import { publish } from '../../realtime/publish';
import { notify } from '../notifications/service';
import { UserModel } from '../users/model';

type Parties = DomainEventData<'invoice.submitted'>['parties'];
interface Member {
  id: string;
  money: boolean;
}

/**
 * The people of one side who see invoices: the company's owners, admins, accounting (`money`) and dispatchers (an
 * account without a company is its own owner). Drivers and viewers hear nothing of invoices.
 */
export async function sideMembers(companyId: string | null, userId: string): Promise<Member[]> {
  if (!companyId) return [{ id: userId, money: true }];
  const people = await UserModel.find({ companyId: new Types.ObjectId(companyId) }, { companyRole: 1 }).lean<
    Array<{ _id: Types.ObjectId; companyRole?: string | null }>
  >();
  const role = (p: { companyRole?: string | null }) =>
    (p.companyRole ?? 'owner') as (typeof INVOICE_READERS)[number];
  return people
    .filter((p) => INVOICE_READERS.includes(role(p)))
    .map((p) => ({ id: String(p._id), money: MONEY_ROLES.includes(role(p)) }));
}

const amount = (invoice: InvoiceDto) =>
  invoice.totalCents != null ? ` for ${formatUsd(invoice.totalCents / 100)}` : '';

/** What the other side is told of each fact, and who is told: the issuer of the payer's moves, the payer of new invoices. */
function messageOf(
  name: string,
  invoice: InvoiceDto,
): { to: 'issuer' | 'payer'; title: string; body: string } {
  const n = invoice.number;
  switch (name) {
    case 'invoice.submitted':
      return {
        to: 'payer',
        title: `New invoice ${n}`,
        body: `${invoice.issuerName} invoiced ${invoice.loadTitle}${amount(invoice)}, due ${invoice.dueAt.slice(0, 10)}.`,
      };
    case 'invoice.corrected':
      return {
        to: 'payer',
        title: `Corrected invoice ${n}`,
        body: `${invoice.issuerName} corrected the invoice for ${invoice.loadTitle}${amount(invoice)}.`,
      };
    case 'invoice.approved':
      return {
        to: 'issuer',
        title: `Invoice ${n} approved`,
        body: `${invoice.payerName} approved it${amount(invoice)}.`,
      };
    case 'invoice.disputed':
      return {
        to: 'issuer',
        title: `Invoice ${n} disputed`,
        body: `${invoice.payerName} disputed ${invoice.lines.filter((l) => l.dispute).length} line(s): open it to see why and correct it.`,
      };
    case 'invoice.quickPayRequested':
      return {
        to: 'payer',
        title: `Quick pay requested on ${n}`,
        body: `${invoice.issuerName} asked your quick pay${invoice.quickPay?.netCents != null ? `: pay ${formatUsd(invoice.quickPay.netCents / 100)}` : ''} by ${invoice.quickPay?.dueBy.slice(0, 10)}.`,
      };
    case 'invoice.quickPayMissed':
      return {
        to: 'issuer',
        title: `Quick pay on ${n} is late`,
        body: `${invoice.payerName} promised to pay it by ${invoice.quickPay?.dueBy.slice(0, 10)} and has not. It counts on their record.`,
      };
    case 'invoice.overdue':
      return {
        to: 'payer',
        title: `Invoice ${n} is overdue`,
        body: `${n} from ${invoice.issuerName} is overdue${invoice.totalCents != null ? `: ${formatUsd(invoice.totalCents / 100)}` : ''} due ${invoice.dueAt.slice(0, 10)}.`,
      };
    case 'invoice.scheduled':
      return {
        to: 'issuer',
        title: `Invoice ${n} scheduled`,
        body: `${invoice.payerName} will pay it on ${invoice.scheduledFor}.`,
      };
    default:
      return {
        to: 'issuer',
        title: `Invoice ${n} paid`,
        body: `${invoice.payerName} marked it paid${invoice.paymentReference ? ` (reference ${invoice.paymentReference})` : ''}.`,
      };
  }
}

/**
 * Invoices (issue 40): both sides' screens follow every change live (the invoice's id and state; each screen reads
 * the invoice again, shaped for its viewer's role), and the other side's money roles get a notification.
 */
export const invoicesProjector = registerProjector({
  name: 'invoices',
  applicableEvents: [...INVOICE_FACTS],
  async handle(event) {
    if (!isInvoiceFact(event)) return;
    const { invoice } = event.data;
    const parties: Parties = event.data.parties;
    const [issuer, payer] = await Promise.all([
      sideMembers(invoice.companyId, parties.issuerUserId),
      sideMembers(invoice.payerCompanyId, parties.payerUserId),
    ]);
    const audience = [...issuer, ...payer].map((m) => rooms.user(m.id));
    const changed = {
      id: invoice.id,
      status: invoice.status,
      version: invoice.version,
      loadId: invoice.loadId,
    };
    publish('invoice:changed', audience, changed);
    if (event.name === 'invoice.corrected') {
      const { replaced } = event.data;
      publish('invoice:changed', audience, { ...changed, ...replaced, status: 'replaced' });
    }
    const message = messageOf(event.name, invoice);
    const side = message.to === 'issuer' ? issuer : payer;
    for (const member of side.filter((m) => m.money)) {
      await notify({
        userId: member.id,
        kind: 'invoice',
        title: message.title,
        body: message.body,
        link: `/invoices?tab=${message.to === 'payer' ? 'received' : 'sent'}&invoice=${invoice.id}`,
        dedupeKey: `${event.id}-${member.id}`,
      });
    }
  },
});
