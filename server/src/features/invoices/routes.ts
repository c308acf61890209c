import {
  approveInvoiceSchema,
  correctInvoiceSchema,
  createInvoiceSchema,
  disputeInvoiceSchema,
  invoiceAgingQuerySchema,
  invoiceListSchema,
  payInvoiceSchema,
  quickPayTermsSchema,
  requestQuickPaySchema,
  scheduleInvoiceSchema,
} from '@freight/shared';
import { Router, type Request } from 'express';
import { contentDisposition } from '../../http/contentDisposition';
import { currentActor, requireUser } from '../../http/auth';
import { validate } from '../../http/validate';
import type { Runtime } from '../../runtimeTypes';
import { getQuickPayOffer, setQuickPayOffer } from './quickPayTerms';
import {
  approveInvoice,
  correctInvoice,
  createInvoice,
  disputeInvoice,
  getInvoice,
  invoiceAging,
  invoicePdf,
  listInvoices,
  loadInvoice,
  payInvoice,
  requestQuickPay,
  scheduleInvoice,
} from './service';

const param = (req: Request, name: string) => String(req.params[name]);

/** Getting paid (issue 40): invoices sent and received, their PDF, and each side's moves. */
export function createInvoicesRouter(_rt: Runtime): Router {
  const router = Router();
  const list = validate({ query: invoiceListSchema });
  for (const side of ['sent', 'received'] as const) {
    router.get(`/invoices/${side}`, requireUser, list, async (req, res) => {
      res.setHeader('Cache-Control', 'private, no-store');
      res.json(await listInvoices(currentActor(req), side, list.input(res).query));
    });
  }
  const aging = validate({ query: invoiceAgingQuerySchema });
  router.get('/invoices/aging', requireUser, aging, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await invoiceAging(currentActor(req), aging.input(res).query.side));
  });
  const create = validate({ body: createInvoiceSchema });
  router.post('/invoices', requireUser, create, async (req, res) => {
    res.status(201).json(await createInvoice(currentActor(req), create.input(res).body));
  });
  router.get('/invoices/:id', requireUser, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await getInvoice(currentActor(req), param(req, 'id')));
  });
  router.get('/invoices/:id/invoice.pdf', requireUser, async (req, res) => {
    const { pdf, fileName } = await invoicePdf(currentActor(req), param(req, 'id'));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', contentDisposition(fileName, 'attachment'));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(pdf);
  });
  router.get('/freight/:id/invoice', requireUser, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await loadInvoice(currentActor(req), param(req, 'id')));
  });
  const approve = validate({ body: approveInvoiceSchema });
  router.post('/invoices/:id/approve', requireUser, approve, async (req, res) => {
    res.json(await approveInvoice(currentActor(req), param(req, 'id'), approve.input(res).body));
  });
  const dispute = validate({ body: disputeInvoiceSchema });
  router.post('/invoices/:id/dispute', requireUser, dispute, async (req, res) => {
    res.json(await disputeInvoice(currentActor(req), param(req, 'id'), dispute.input(res).body));
  });
  const schedule = validate({ body: scheduleInvoiceSchema });
  router.post('/invoices/:id/schedule', requireUser, schedule, async (req, res) => {
    res.json(await scheduleInvoice(currentActor(req), param(req, 'id'), schedule.input(res).body));
  });
  const pay = validate({ body: payInvoiceSchema });
  router.post('/invoices/:id/pay', requireUser, pay, async (req, res) => {
    res.json(await payInvoice(currentActor(req), param(req, 'id'), pay.input(res).body));
  });
  const correct = validate({ body: correctInvoiceSchema });
  router.post('/invoices/:id/correct', requireUser, correct, async (req, res) => {
    res.status(201).json(await correctInvoice(currentActor(req), param(req, 'id'), correct.input(res).body));
  });
  const quickPay = validate({ body: requestQuickPaySchema });
  router.post('/invoices/:id/quick-pay', requireUser, quickPay, async (req, res) => {
    res.json(await requestQuickPay(currentActor(req), param(req, 'id'), quickPay.input(res).body));
  });

  // The quick pay the viewer's company offers as a payer.
  router.get('/company/quick-pay', requireUser, async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await getQuickPayOffer(currentActor(req)));
  });
  const terms = validate({ body: quickPayTermsSchema });
  router.put('/company/quick-pay', requireUser, terms, async (req, res) => {
    res.json(await setQuickPayOffer(currentActor(req), terms.input(res).body));
  });
  router.delete('/company/quick-pay', requireUser, async (req, res) => {
    res.json(await setQuickPayOffer(currentActor(req), null));
  });
  return router;
}
