import type { CompanyRole, InvoiceStatus, InvoiceViewerActions } from '@freight/shared';
import { hasRole, isParty } from './companies';
import { hauls, type LoadRef } from './freight';
import type { Actor, Rule } from './types';

/** Who handles money on either side (issue 40): owners, admins and accounting. */
export const MONEY_ROLES: readonly CompanyRole[] = ['owner', 'admin', 'accounting'];
/** Who sees an invoice at all: the money roles, and dispatchers (the status only, no amounts). */
export const INVOICE_READERS: readonly CompanyRole[] = ['owner', 'admin', 'accounting', 'dispatcher'];

export interface InvoiceRef {
  issuerUserId: unknown;
  companyId?: unknown;
  payerUserId: unknown;
  payerCompanyId?: unknown;
  status?: InvoiceStatus;
}

const issues = (actor: Actor, inv: InvoiceRef) => isParty(actor, inv.issuerUserId, inv.companyId);
const pays = (actor: Actor, inv: InvoiceRef) => isParty(actor, inv.payerUserId, inv.payerCompanyId);
const handlesMoney = (actor: Actor) => hasRole(actor, MONEY_ROLES);
/** The account types that haul or post loads, and so send or receive invoices. */
const inFreight = (actor: Actor) =>
  ['carrier', 'shipper', 'broker', 'air_cargo'].includes(actor.userType ?? '');

/**
 * Invoices (issue 40, docs/invoices.md): the carrier company's money roles invoice the loads it hauled and correct
 * their invoices; the payer's money roles approve, dispute, schedule and pay; a dispatcher of either side reads the
 * status; drivers and viewers are told there is no such invoice (404), as strangers are.
 */
export const invoicesPolicies = {
  /** Invoice a load: the money roles of the company that hauled it (without a load: may they invoice at all). */
  'invoice:issue': (actor: Actor, load?: LoadRef) =>
    actor.userType !== 'admin' && handlesMoney(actor) && (load ? hauls(actor, load) : true),
  /** The Sent and Received lists. */
  'invoice:list': (actor: Actor) => inFreight(actor) && hasRole(actor, INVOICE_READERS),
  'invoice:read': (actor: Actor, inv: InvoiceRef) =>
    actor.userType === 'admin' ||
    (hasRole(actor, INVOICE_READERS) && (issues(actor, inv) || pays(actor, inv))),
  /** The amounts, lines' money and the PDF. */
  'invoice:readAmounts': (actor: Actor, inv: InvoiceRef) =>
    actor.userType === 'admin' || (handlesMoney(actor) && (issues(actor, inv) || pays(actor, inv))),
  /** The amounts of the company's own invoices as a whole (its aging): its money roles. */
  'invoice:readOwnAmounts': (actor: Actor) => inFreight(actor) && handlesMoney(actor),
  'invoice:correct': (actor: Actor, inv: InvoiceRef) => handlesMoney(actor) && issues(actor, inv),
  /** Approve, dispute, schedule and pay. */
  'invoice:settle': (actor: Actor, inv: InvoiceRef) => handlesMoney(actor) && pays(actor, inv),
  /** Set the quick pay terms the company offers the carriers that invoice it. */
  'invoice:offerQuickPay': (actor: Actor, company: { companyId: unknown }) =>
    actor.userType !== 'admin' &&
    handlesMoney(actor) &&
    !!actor.companyId &&
    String(company.companyId) === actor.companyId,
  /** Ask the payer's quick pay on an invoice the actor's company issued. */
  'invoice:requestQuickPay': (actor: Actor, inv: InvoiceRef) => handlesMoney(actor) && issues(actor, inv),
} satisfies Record<string, Rule>;

/** The statuses each move starts from (a paid or replaced invoice has no move out). */
export const INVOICE_MOVES_FROM = {
  approve: ['submitted'],
  dispute: ['submitted', 'approved'],
  schedule: ['approved'],
  pay: ['approved', 'scheduled'],
  correct: ['submitted', 'disputed'],
  requestQuickPay: ['approved', 'scheduled'],
} as const satisfies Record<string, readonly InvoiceStatus[]>;
export type InvoiceMove = keyof typeof INVOICE_MOVES_FROM;

export const canMove = (move: InvoiceMove, status: InvoiceStatus) =>
  (INVOICE_MOVES_FROM[move] as readonly InvoiceStatus[]).includes(status);

/** `quickPayOpen`: the payer offers quick pay and it was not requested on this invoice yet. */
export function viewerInvoiceActions(
  actor: Actor | null,
  inv: InvoiceRef,
  quickPayOpen = false,
): InvoiceViewerActions {
  if (!actor || !inv.status) return {};
  const settle = invoicesPolicies['invoice:settle'](actor, inv);
  const correct = invoicesPolicies['invoice:correct'](actor, inv);
  const status = inv.status;
  return {
    ...(correct && canMove('correct', status) && { correct: true as const }),
    ...(quickPayOpen &&
      invoicesPolicies['invoice:requestQuickPay'](actor, inv) &&
      canMove('requestQuickPay', status) && { requestQuickPay: true as const }),
    ...(settle && canMove('approve', status) && { approve: true as const }),
    ...(settle && canMove('dispute', status) && { dispute: true as const }),
    ...(settle && canMove('schedule', status) && { schedule: true as const }),
    ...(settle && canMove('pay', status) && { pay: true as const }),
    ...(invoicesPolicies['invoice:readAmounts'](actor, inv) && { downloadPdf: true as const }),
  };
}
