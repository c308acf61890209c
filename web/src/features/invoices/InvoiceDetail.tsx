import {
  Badge,
  Button,
  Checkbox,
  Dialog,
  HStack,
  Link,
  Separator,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  INVOICE_LINE_LABELS,
  INVOICE_STATUS_LABELS,
  daysPastDue,
  formatFeeBps,
  quickPayFeeCents,
  type InvoiceDto,
} from '@freight/shared';
import { useEffect, useState, type ComponentProps, type FormEvent } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField } from '../../components/InputField';
import { formatUsDate, formatUsDateTime } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { invoiceActions, useInvoiceStore } from '../../stores/invoices';
import { INVOICE_STATUS_COLORS, money } from './format';
import { InvoiceFormDialog } from './InvoiceForm';

type Dialogs = 'dispute' | 'schedule' | 'pay' | 'correct' | null;

/** An invoice's status badge, with "Overdue" beside an open invoice past its due date. */
export function InvoiceStatusBadges({ invoice }: { invoice: InvoiceDto }) {
  const late = invoice.overdue ? Math.max(1, daysPastDue(invoice.dueAt, new Date())) : 0;
  return (
    <HStack gap="2">
      <Badge colorPalette={INVOICE_STATUS_COLORS[invoice.status]} data-testid="invoice-status">
        {INVOICE_STATUS_LABELS[invoice.status]}
      </Badge>
      {late > 0 && (
        <Badge colorPalette="red" variant="solid" data-testid="invoice-overdue">
          Overdue by {late} day{late === 1 ? '' : 's'}
        </Badge>
      )}
    </HStack>
  );
}

/**
 * An invoice opened from a list or a load (issue 40): its lines, papers, history, and the moves the server allows
 * this viewer. A dialog (Dialog is in the shared code already; a drawer here would move Chakra's drawer out of the
 * first paint's main chunk into a shared one, past the size budget).
 */
export function InvoiceDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const entry = useInvoiceStore((s) => (id ? s.byId[id] : undefined));
  const load = useInvoiceStore((s) => s.load);
  useEffect(() => {
    if (id) void load(id);
  }, [id, load]);
  const invoice = entry?.data ?? null;
  return (
    <FormDialog
      title={invoice ? `Invoice ${invoice.number}` : 'Invoice'}
      open={id !== null}
      onClose={onClose}
      size="lg"
    >
      <Dialog.Body data-testid="invoice-detail">
        {invoice ? (
          <InvoiceDetail invoice={invoice} />
        ) : entry?.status === 'failed' ? (
          <Text color="red.600">{entry.error ?? 'Could not open this invoice. Please try again.'}</Text>
        ) : (
          <Spinner role="status" aria-label="Loading the invoice" />
        )}
      </Dialog.Body>
      <FormDialogFooter onCancel={onClose} cancelLabel="Close" />
    </FormDialog>
  );
}

function InvoiceDetail({ invoice }: { invoice: InvoiceDto }) {
  const [dialog, setDialog] = useState<Dialogs>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const actions = invoice.viewerActions ?? {};
  const approve = useSubmit(() => invoiceActions.approve(invoice), {
    success: 'Invoice approved. The carrier has been told.',
    failure: 'refusal',
    resetOnSuccess: true,
  });
  const requestQuickPay = useSubmit((feeBps: number) => invoiceActions.requestQuickPay(invoice, feeBps), {
    success: 'Quick pay requested. The payer has been told.',
    failure: 'refusal',
    resetOnSuccess: true,
  });
  const askQuickPay = () => {
    const offer = invoice.quickPayOffer;
    if (!offer || invoice.totalCents == null) return;
    const fee = quickPayFeeCents(invoice.totalCents, offer.feeBps);
    confirm({
      title: `Request quick pay on ${invoice.number}?`,
      body: `${invoice.payerName} pays you ${money(invoice.totalCents - fee)} within ${offer.days} day${offer.days === 1 ? '' : 's'}: the total ${money(invoice.totalCents)} less a ${formatFeeBps(offer.feeBps)} fee of ${money(fee)} (rounded to the nearest cent).`,
      confirmLabel: `Request ${money(invoice.totalCents - fee)}`,
      tone: 'commit',
      onConfirm: () => void requestQuickPay.submit(offer.feeBps),
    });
  };
  const close = () => setDialog(null);
  const linehaul = invoice.lines.find((l) => l.kind === 'linehaul');

  return (
    <Stack gap="4">
      <InvoiceStatusBadges invoice={invoice} />
      <Stack gap="1" fontSize="sm">
        <Text>
          <b>From</b> {invoice.issuerName} <b>to</b> {invoice.payerName}
        </Text>
        <Text>
          {invoice.loadTitle} · {invoice.lane}
        </Text>
        <Text>
          Sent {formatUsDate(invoice.submittedAt)} · Due {formatUsDate(invoice.dueAt)} (net{' '}
          {invoice.termsDays})
        </Text>
        {invoice.scheduledFor && <Text>Payment scheduled for {formatUsDate(invoice.scheduledFor)}</Text>}
        {invoice.paidAt && (
          <Text>
            Paid {formatUsDate(invoice.paidAt)}
            {invoice.paymentReference ? ` · reference ${invoice.paymentReference}` : ''}
          </Text>
        )}
      </Stack>

      <Stack gap="2" as="section" aria-label="Charges">
        {invoice.lines.map((line) => (
          <Stack key={line.index} gap="0" data-testid={`invoice-line-${line.index}`}>
            <HStack justify="space-between" align="start">
              <Text>
                {INVOICE_LINE_LABELS[line.kind]}: {line.description}
              </Text>
              <Text fontWeight="medium">{money(line.amountCents)}</Text>
            </HStack>
            {line.receipt && (
              <Link
                href={line.receipt.url}
                target="_blank"
                rel="noopener"
                fontSize="sm"
                alignSelf="start"
                data-testid="invoice-line-receipt"
              >
                View the lumper receipt
              </Link>
            )}
            {line.dispute && (
              <Text fontSize="sm" color="orange.700" data-testid="invoice-line-dispute">
                Disputed: {line.dispute.reason}
              </Text>
            )}
          </Stack>
        ))}
        <Separator />
        <HStack justify="space-between">
          <Text fontWeight="bold">Total (USD)</Text>
          <Text fontWeight="bold" data-testid="invoice-total">
            {invoice.amountsHidden ? 'Shown to owners, admins and accounting' : money(invoice.totalCents)}
          </Text>
        </HStack>
      </Stack>

      <QuickPaySummary invoice={invoice} />

      <Stack gap="1" fontSize="sm" as="section" aria-label="Papers">
        {invoice.pdfUrl && (
          <Link href={invoice.pdfUrl} color="blue.600" download>
            Download the invoice (PDF)
          </Link>
        )}
        <Link href={invoice.rateConfirmationUrl} color="blue.600" download>
          Rate confirmation (PDF)
        </Link>
        <Link href={invoice.proofOfDeliveryUrl} color="blue.600" download>
          Proof of delivery (PDF)
        </Link>
      </Stack>

      <HStack gap="2" wrap="wrap">
        {actions.approve && (
          <Button
            colorPalette="green"
            size="sm"
            loading={approve.pending}
            onClick={() => void approve.submit()}
          >
            Approve
          </Button>
        )}
        {actions.dispute && (
          <Button colorPalette="orange" variant="outline" size="sm" onClick={() => setDialog('dispute')}>
            Dispute
          </Button>
        )}
        {actions.schedule && (
          <Button variant="outline" size="sm" onClick={() => setDialog('schedule')}>
            Schedule payment
          </Button>
        )}
        {actions.pay && (
          <Button colorPalette="blue" size="sm" onClick={() => setDialog('pay')}>
            Mark paid
          </Button>
        )}
        {actions.correct && (
          <Button colorPalette="blue" size="sm" onClick={() => setDialog('correct')}>
            Correct invoice
          </Button>
        )}
        {actions.requestQuickPay && (
          <Button colorPalette="teal" size="sm" loading={requestQuickPay.pending} onClick={askQuickPay}>
            Request quick pay
          </Button>
        )}
      </HStack>

      <Stack gap="1" as="section" aria-label="History">
        <Text fontWeight="bold">History</Text>
        {invoice.history.map((h, i) => (
          <Text key={i} fontSize="sm" color="gray.700">
            {formatUsDateTime(h.at)}: {h.text}
          </Text>
        ))}
      </Stack>

      <DisputeDialog invoice={invoice} open={dialog === 'dispute'} onClose={close} />
      <ScheduleDialog invoice={invoice} open={dialog === 'schedule'} onClose={close} />
      <PayDialog invoice={invoice} open={dialog === 'pay'} onClose={close} confirm={confirm} />
      {dialog === 'correct' && (
        <InvoiceFormDialog
          open
          title={`Correct invoice ${invoice.number}`}
          loadId={invoice.loadId}
          submitLabel="Send corrected invoice"
          linehaulEditable
          initial={{
            linehaulCents: linehaul?.amountCents ?? 0,
            extraLines: invoice.lines
              .filter((l) => l.kind !== 'linehaul')
              .map((l) => ({
                kind: l.kind as Exclude<typeof l.kind, 'linehaul'>,
                description: l.description,
                amountCents: l.amountCents ?? 0,
                receiptPhotoId: l.receipt?.photoId ?? null,
              })),
            termsDays: invoice.termsDays,
          }}
          onClose={close}
          onSubmit={(v) => invoiceActions.correct(invoice, v)}
        />
      )}
      {confirmDialog}
    </Stack>
  );
}

/** The payer's quick pay offer, or the quick pay requested on this invoice and whether its promise was kept. */
function QuickPaySummary({ invoice }: { invoice: InvoiceDto }) {
  const qp = invoice.quickPay;
  const offer = invoice.quickPayOffer;
  if (!qp && !offer) return null;
  return (
    <Stack gap="1" fontSize="sm" as="section" aria-label="Quick pay" data-testid="invoice-quick-pay">
      {qp ? (
        <>
          <Text>
            Quick pay requested {formatUsDate(qp.requestedAt)}: {formatFeeBps(qp.feeBps)} fee
            {qp.feeCents != null && ` (${money(qp.feeCents)}), net ${money(qp.netCents)}`}, to be paid by{' '}
            {formatUsDate(qp.dueBy)}.
          </Text>
          {qp.missed === true && (
            <Badge colorPalette="red" alignSelf="start" data-testid="quick-pay-missed">
              Quick pay promise missed: {invoice.paidAt ? 'paid after' : 'not paid by'}{' '}
              {formatUsDate(qp.dueBy)}
            </Badge>
          )}
          {qp.missed === false && <Text color="green.700">Paid within the quick pay promise.</Text>}
        </>
      ) : (
        offer && (
          <Text color="gray.700">
            {invoice.payerName} offers quick pay: paid within {offer.days} day{offer.days === 1 ? '' : 's'} of
            the request for a {formatFeeBps(offer.feeBps)} fee.
          </Text>
        )
      )}
    </Stack>
  );
}

function DisputeDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: InvoiceDto;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormDialog title={`Dispute invoice ${invoice.number}`} open={open} onClose={onClose}>
      <DisputeForm invoice={invoice} onClose={onClose} />
    </FormDialog>
  );
}

function DisputeForm({ invoice, onClose }: { invoice: InvoiceDto; onClose: () => void }) {
  const [reasons, setReasons] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const save = useSubmit(
    (lines: Array<{ index: number; reason: string }>) => invoiceActions.dispute(invoice, lines),
    {
      success: 'Dispute sent. The carrier has been told which lines and why.',
      failure: 'refusal',
      onSuccess: onClose,
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = Object.entries(reasons).map(([index, reason]) => ({
      index: Number(index),
      reason: reason.trim(),
    }));
    if (chosen.length === 0) return setError('Choose at least one line to dispute.');
    if (chosen.some((l) => !l.reason)) return setError('Give a reason for each line you dispute.');
    setError('');
    void save.submit(chosen);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Dispute invoice">
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="gray.600">
            Choose the lines you do not accept and say why. The carrier corrects the invoice and sends it
            again.
          </Text>
          {invoice.lines.map((line) => {
            const chosen = line.index in reasons;
            return (
              <Stack key={line.index} gap="2">
                <Checkbox.Root
                  checked={chosen}
                  onCheckedChange={(e) =>
                    setReasons((r) => {
                      const next = { ...r };
                      if (e.checked) next[line.index] = '';
                      else delete next[line.index];
                      return next;
                    })
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {INVOICE_LINE_LABELS[line.kind]}: {line.description} ({money(line.amountCents)})
                  </Checkbox.Label>
                </Checkbox.Root>
                {chosen && (
                  <FormField label={`Reason for ${line.description}`} required>
                    <Textarea
                      value={reasons[line.index]}
                      maxLength={500}
                      onChange={(e) => setReasons((r) => ({ ...r, [line.index]: e.target.value }))}
                    />
                  </FormField>
                )}
              </Stack>
            );
          })}
          {error && (
            <Text color="red.600" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter onCancel={onClose} submitLabel="Send dispute" pending={save.pending} />
    </form>
  );
}

/**
 * A dialog of one required field (the payer's schedule and pay moves): checked here, then handed to `onValid`, which
 * saves it or asks to confirm first.
 */
function OneFieldDialog({
  title,
  formLabel,
  field,
  emptyError,
  submitLabel,
  pending,
  open,
  onClose,
  onValid,
}: {
  title: string;
  formLabel: string;
  field: Omit<ComponentProps<typeof InputField>, 'value' | 'onChange' | 'error' | 'required'>;
  emptyError: string;
  submitLabel: string;
  pending?: boolean;
  open: boolean;
  onClose: () => void;
  onValid: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (!v) return setError(emptyError);
    setError('');
    onValid(v);
  };
  return (
    <FormDialog title={title} open={open} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={formLabel}>
        <Dialog.Body>
          <InputField
            {...field}
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
          />
        </Dialog.Body>
        <FormDialogFooter onCancel={onClose} submitLabel={submitLabel} pending={pending} />
      </form>
    </FormDialog>
  );
}

function ScheduleDialog({
  invoice,
  open,
  onClose,
}: {
  invoice: InvoiceDto;
  open: boolean;
  onClose: () => void;
}) {
  const save = useSubmit((d: string) => invoiceActions.schedule(invoice, d), {
    success: 'Payment scheduled. The carrier has been told the day.',
    failure: 'refusal',
    onSuccess: onClose,
  });
  return (
    <OneFieldDialog
      title={`Schedule payment of ${invoice.number}`}
      formLabel="Schedule payment"
      field={{ label: 'Payment date', type: 'date', min: new Date().toISOString().slice(0, 10) }}
      emptyError="Choose the day you will pay."
      submitLabel="Schedule payment"
      pending={save.pending}
      open={open}
      onClose={onClose}
      onValid={(day) => void save.submit(day)}
    />
  );
}

function PayDialog({
  invoice,
  open,
  onClose,
  confirm,
}: {
  invoice: InvoiceDto;
  open: boolean;
  onClose: () => void;
  confirm: ReturnType<typeof useConfirm>['confirm'];
}) {
  const save = useSubmit((ref: string) => invoiceActions.pay(invoice, ref), {
    success: 'Invoice marked paid. The carrier has been told.',
    failure: 'refusal',
    resetOnSuccess: true,
  });
  return (
    <OneFieldDialog
      title={`Mark ${invoice.number} paid`}
      formLabel="Mark paid"
      field={{ label: 'Payment reference', maxLength: 100, placeholder: 'ACH 000123 or check 4512' }}
      emptyError="Enter the payment reference (check or ACH number)."
      submitLabel="Continue"
      open={open}
      onClose={onClose}
      onValid={(ref) => {
        onClose();
        confirm({
          title: `Mark ${invoice.number} paid?`,
          body: `${money(invoice.totalCents)} to ${invoice.issuerName}, reference ${ref}. A paid invoice cannot be changed.`,
          confirmLabel: 'Mark Paid',
          tone: 'commit',
          onConfirm: () => void save.submit(ref),
        });
      }}
    />
  );
}
