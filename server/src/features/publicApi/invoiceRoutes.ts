import { Readable } from 'node:stream';
import {
  INVOICE_STATUSES,
  invoiceAgingQuerySchema,
  toV1Invoice,
  v1CursorQuerySchema,
  v1InvoiceSchema,
  v1PageSchema,
} from '@freight/shared';
import { z } from 'zod';
import { getInvoice, invoicePdf, listInvoices } from '../invoices/service';
import type { Paged, V1Context, V1Route } from './types';

const id = (ctx: V1Context) => String(ctx.params.id);

const listQuery = v1CursorQuerySchema.extend({
  side: invoiceAgingQuerySchema.shape.side.describe(
    'sent: the invoices your company issued (a carrier); received: the ones billed to it',
  ),
  status: z.enum(INVOICE_STATUSES).optional().describe('Only invoices in this status (none: every status)'),
});

/**
 * Invoices over the public API (issue 40, item 6; scope invoices:read), through the invoices service as the key's
 * member: its rules stay there. A dispatcher's key reads the status without amounts and gets 403 on the PDF;
 * drivers' and viewers' keys get 403 on the list and 404 on an invoice, as on the web; another company's invoice is
 * 404. `paged` is the public API's cursor paging (publicApi/routes.ts owns it).
 */
export function invoiceV1Routes(paged: Paged): V1Route[] {
  const base = {
    tag: 'Invoices',
    scope: 'invoices:read' as const,
    method: 'get' as const,
    status: 200 as const,
  };
  return [
    {
      ...base,
      path: '/invoices',
      operationId: 'listInvoices',
      summary: 'Invoices your company sent or received',
      description:
        'Newest first. `side=sent`: the invoices your company issued for loads it hauled; `side=received`: the ' +
        "ones billed to it for loads it posted. Amounts are integer cents; a dispatcher's key sees the status only " +
        '(`amountsHidden`). Drivers and viewers may not list invoices (403).',
      query: listQuery,
      response: v1PageSchema(v1InvoiceSchema),
      handle: ({ actor, query }) => {
        const q = query as z.output<typeof listQuery>;
        return paged(q, async (p) => {
          const found = await listInvoices(actor, q.side, { ...p, status: q.status });
          return { total: found.total, items: found.items.map((i) => toV1Invoice(i)) };
        });
      },
    },
    {
      ...base,
      path: '/invoices/{id}',
      operationId: 'getInvoice',
      summary: 'Read an invoice',
      description:
        'An invoice your company sent or received, with its lines (and their disputes), history and quick pay; ' +
        "another company's invoice is 404.",
      response: v1InvoiceSchema,
      handle: async (ctx) => toV1Invoice(await getInvoice(ctx.actor, id(ctx))),
    },
    {
      ...base,
      path: '/invoices/{id}/invoice.pdf',
      operationId: 'getInvoicePdf',
      summary: 'The invoice as a PDF',
      description:
        'Drawn from the invoice as it stands now. For owners, admins and accounting; a dispatcher, who sees no ' +
        'amounts, gets 403.',
      produces: 'application/pdf',
      response: z.string(),
      handle: async (ctx) => {
        const { pdf, fileName } = await invoicePdf(ctx.actor, id(ctx));
        return { stream: Readable.from([pdf]), size: pdf.length, fileName };
      },
    },
  ];
}
