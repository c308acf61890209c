import type {
  CorrectInvoiceInput,
  CreateInvoiceInput,
  DisputeInvoiceInput,
  InvoiceAgingDto,
  InvoiceChangedPayload,
  InvoiceDto,
  InvoicePage,
  LoadInvoiceDto,
} from '@freight/shared';
import { apiRequest } from '../lib/api';
import { upsertEntity } from '../lib/entities';
import { createDetailStore, createPagedListStore, entityShape } from '../lib/resourceStore';

const PAGE_SIZE = 100;

const listStore = (side: 'sent' | 'received') =>
  createPagedListStore<InvoiceDto, InvoicePage>({
    name: `${side} invoices`,
    entities: { items: 'invoice' },
    pageSize: PAGE_SIZE,
    fetchPage: (page, pageSize) =>
      apiRequest<InvoicePage>('GET', `/api/invoices/${side}?page=${page}&pageSize=${pageSize}`),
  });

/** /invoices (issue 40): the invoices the viewer's company sent, and those it received. */
export const useSentInvoicesStore = listStore('sent');
export const useReceivedInvoicesStore = listStore('received');

/** One invoice by id (the invoice drawer), the one copy shared with the lists. */
export const useInvoiceStore = createDetailStore<InvoiceDto>({
  name: 'the invoice',
  entities: { detail: entityShape('invoice') },
  fetch: (id) => apiRequest<InvoiceDto>('GET', `/api/invoices/${id}`),
});

/** A load's invoice, by load id (the load's pages): the invoice, or whether the viewer may create one. */
export const useLoadInvoiceStore = createDetailStore<LoadInvoiceDto & { id: string }>({
  name: 'the load’s invoice',
  fetch: async (loadId) => ({
    id: loadId,
    ...(await apiRequest<LoadInvoiceDto>('GET', `/api/freight/${loadId}/invoice`)),
  }),
});

/** Every open invoice of a side by days past due, by side ('sent' | 'received'), from the server. */
export const useInvoiceAgingStore = createDetailStore<InvoiceAgingDto & { id: string }>({
  name: 'the invoices’ aging',
  fetch: async (side) => ({
    id: side,
    ...(await apiRequest<InvoiceAgingDto>('GET', `/api/invoices/aging?side=${side}`)),
  }),
});

/** The lists and the aging read again (each only if a screen loaded it). */
function refetchLists(): void {
  void useSentInvoicesStore.getState().refetch();
  void useReceivedInvoicesStore.getState().refetch();
  const aging = useInvoiceAgingStore.getState();
  for (const side of Object.keys(aging.byId)) void aging.load(side);
}

/** An invoice the server answered after a move: its one copy changes everywhere, and the lists read again. */
function received(invoice: InvoiceDto): InvoiceDto {
  upsertEntity('invoice', invoice);
  refetchLists();
  const onLoad = useLoadInvoiceStore.getState();
  if (onLoad.byId[invoice.loadId]?.data) void onLoad.load(invoice.loadId);
  return invoice;
}

const post = async (path: string, body: object) => received(await apiRequest<InvoiceDto>('POST', path, body));

/** What the invoice screens do: each answers the invoice as it stands after the move. */
export const invoiceActions = {
  create: (input: CreateInvoiceInput) => post('/api/invoices', input),
  approve: (i: InvoiceDto) => post(`/api/invoices/${i.id}/approve`, { version: i.version }),
  dispute: (i: InvoiceDto, lines: DisputeInvoiceInput['lines']) =>
    post(`/api/invoices/${i.id}/dispute`, { version: i.version, lines }),
  schedule: (i: InvoiceDto, scheduledFor: string) =>
    post(`/api/invoices/${i.id}/schedule`, { version: i.version, scheduledFor }),
  pay: (i: InvoiceDto, reference: string) =>
    post(`/api/invoices/${i.id}/pay`, { version: i.version, reference }),
  correct: (i: InvoiceDto, input: Omit<CorrectInvoiceInput, 'version'>) =>
    post(`/api/invoices/${i.id}/correct`, { ...input, version: i.version }),
  /** At the fee the carrier was shown (the server refuses it if the payer's terms changed since). */
  requestQuickPay: (i: InvoiceDto, feeBps: number) =>
    post(`/api/invoices/${i.id}/quick-pay`, { version: i.version, feeBps }),
};

/**
 * `invoice:changed` (socketRoutes): the push names the invoice only, since what each viewer may see of it depends on
 * their role; the screens showing it read it again, each only if a screen loaded it.
 */
export function receiveInvoiceChange(change: InvoiceChangedPayload): void {
  const detail = useInvoiceStore.getState();
  if (detail.byId[change.id]) void detail.load(change.id);
  refetchLists();
  const onLoad = useLoadInvoiceStore.getState();
  if (onLoad.byId[change.loadId]) void onLoad.load(change.loadId);
}
