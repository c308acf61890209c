import { Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import {
  DEFAULT_INVOICE_TERMS_DAYS,
  EXTRA_INVOICE_LINE_KINDS,
  INVOICE_LINE_LABELS,
  LUMPER_RECEIPT_MISSING,
  type ExtraInvoiceLine,
} from '@freight/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FiPlus, FiTrash2, FiUpload } from 'react-icons/fi';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { SelectInput } from '../../components/SelectInput';
import { formatUsDateTime } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadPhotosStore } from '../../stores/loadPhotos';
import { centsOf, money } from './format';

interface DraftLine {
  kind: ExtraInvoiceLine['kind'];
  description: string;
  amount: string;
  receiptPhotoId: string | null;
}

export interface InvoiceFormValues {
  linehaulCents: number;
  extraLines: ExtraInvoiceLine[];
  termsDays: number;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The lines of a new or corrected invoice: the linehaul (the load's agreed rate; a correction may change it), extra
 * charges (detention, layover, TONU, lumper, other) and the payment terms. Checked here before it is sent.
 */
export function InvoiceFormDialog({
  title,
  loadId,
  submitLabel,
  initial,
  linehaulEditable,
  open,
  onClose,
  onSubmit,
}: {
  title: string;
  /** The load invoiced: a lumper line attaches one of its lumper receipts. */
  loadId: string;
  submitLabel: string;
  initial: InvoiceFormValues;
  linehaulEditable: boolean;
  open: boolean;
  onClose: () => void;
  onSubmit: (values: InvoiceFormValues) => Promise<unknown>;
}) {
  return (
    <FormDialog title={title} open={open} onClose={onClose} size="lg">
      <InvoiceFormBody
        loadId={loadId}
        submitLabel={submitLabel}
        initial={initial}
        linehaulEditable={linehaulEditable}
        onClose={onClose}
        onSubmit={onSubmit}
      />
    </FormDialog>
  );
}

function InvoiceFormBody({
  loadId,
  submitLabel,
  initial,
  linehaulEditable,
  onClose,
  onSubmit,
}: {
  loadId: string;
  submitLabel: string;
  initial: InvoiceFormValues;
  linehaulEditable: boolean;
  onClose: () => void;
  onSubmit: (values: InvoiceFormValues) => Promise<unknown>;
}) {
  const [linehaul, setLinehaul] = useState(dollars(initial.linehaulCents));
  const [lines, setLines] = useState<DraftLine[]>(
    initial.extraLines.map((l) => ({
      kind: l.kind,
      description: l.description,
      amount: dollars(l.amountCents),
      receiptPhotoId: l.receiptPhotoId,
    })),
  );
  const [terms, setTerms] = useState(String(initial.termsDays || DEFAULT_INVOICE_TERMS_DAYS));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (i: number, patch: Partial<DraftLine>) => {
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
    // A receipt chosen answers the line's "Attach the lumper receipt" at once.
    if (patch.receiptPhotoId) setErrors(({ [`receipt${i}`]: _done, ...rest }) => rest);
  };

  const values = (): InvoiceFormValues | null => {
    const found: Record<string, string> = {};
    const linehaulCents = centsOf(linehaul);
    if (linehaulCents == null) found.linehaul = 'Enter an amount more than zero';
    const extraLines = lines.map((l, i) => {
      const amountCents = centsOf(l.amount);
      if (amountCents == null) found[`amount${i}`] = 'Enter an amount more than zero';
      if (!l.description.trim()) found[`description${i}`] = 'Describe the charge';
      const receiptPhotoId = l.kind === 'lumper' ? l.receiptPhotoId : null;
      if (l.kind === 'lumper' && !receiptPhotoId) found[`receipt${i}`] = LUMPER_RECEIPT_MISSING;
      return {
        kind: l.kind,
        description: l.description.trim(),
        amountCents: amountCents ?? 0,
        receiptPhotoId,
      };
    });
    const termsDays = Number(terms);
    if (!Number.isInteger(termsDays) || termsDays < 0 || termsDays > 120)
      found.terms = 'Terms are a whole number of days, 0 to 120';
    setErrors(found);
    return Object.keys(found).length ? null : { linehaulCents: linehaulCents!, extraLines, termsDays };
  };

  const total = (centsOf(linehaul) ?? 0) + lines.reduce((sum, l) => sum + (centsOf(l.amount) ?? 0), 0);

  const save = useSubmit(async (v: InvoiceFormValues) => onSubmit(v), {
    failure: 'refusal',
    success: false,
    onSuccess: onClose,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = values();
    if (v) void save.submit(v);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel}>
      <Dialog.Body>
        <Stack gap="4">
          <InputField
            label="Linehaul (USD)"
            {...MONEY_INPUT}
            value={linehaul}
            onChange={(e) => setLinehaul(e.target.value)}
            readOnly={!linehaulEditable}
            error={errors.linehaul}
            helperText={linehaulEditable ? undefined : 'The rate agreed for this load.'}
          />
          {lines.map((line, i) => (
            <Stack key={i} gap="2" borderWidth="1px" rounded="md" p="3" data-testid={`invoice-line-${i}`}>
              <HStack justify="space-between">
                <Text fontWeight="medium">Extra charge {i + 1}</Text>
                <Button
                  aria-label={`Remove extra charge ${i + 1}`}
                  size="xs"
                  variant="ghost"
                  onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                >
                  <FiTrash2 aria-hidden />
                  Remove
                </Button>
              </HStack>
              <FormField label="Kind">
                <SelectInput
                  value={line.kind}
                  onChange={(kind) => change(i, { kind: kind as DraftLine['kind'] })}
                  options={EXTRA_INVOICE_LINE_KINDS.map((k) => ({ value: k, label: INVOICE_LINE_LABELS[k] }))}
                />
              </FormField>
              <InputField
                label="Description"
                value={line.description}
                onChange={(e) => change(i, { description: e.target.value })}
                error={errors[`description${i}`]}
                maxLength={200}
              />
              <InputField
                label="Amount (USD)"
                {...MONEY_INPUT}
                value={line.amount}
                onChange={(e) => change(i, { amount: e.target.value })}
                error={errors[`amount${i}`]}
              />
              {line.kind === 'lumper' && (
                <LumperReceiptField
                  loadId={loadId}
                  line={i}
                  value={line.receiptPhotoId}
                  onChange={(receiptPhotoId) => change(i, { receiptPhotoId })}
                  error={errors[`receipt${i}`]}
                />
              )}
            </Stack>
          ))}
          <Button
            variant="outline"
            size="sm"
            alignSelf="start"
            onClick={() =>
              setLines((ls) => [
                ...ls,
                { kind: 'detention', description: '', amount: '', receiptPhotoId: null },
              ])
            }
          >
            <FiPlus aria-hidden />
            Add a charge
          </Button>
          <InputField
            label="Payment terms (days)"
            type="number"
            min={0}
            max={120}
            value={terms}
            onChange={(e) => setTerms(e.target.value)}
            error={errors.terms}
            helperText="The invoice is due this many days after it is sent."
          />
          <Text fontWeight="bold" data-testid="invoice-form-total">
            Total {money(total)}
          </Text>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter onCancel={onClose} submitLabel={submitLabel} pending={save.pending} />
    </form>
  );
}

const RECEIPT = 'lumper_receipt';

/**
 * A lumper line's receipt: one of the load's lumper receipt photos (the driver's from the dock, or one uploaded here),
 * newest first; uploading one here adds it to the load's photos and chooses it.
 */
function LumperReceiptField({
  loadId,
  line,
  value,
  onChange,
  error,
}: {
  loadId: string;
  line: number;
  value: string | null;
  onChange: (photoId: string | null) => void;
  error?: string;
}) {
  const entry = useLoadPhotosStore((s) => s.byId[loadId]);
  const loadPhotos = useLoadPhotosStore((s) => s.load);
  const uploadPhoto = useLoadPhotosStore((s) => s.uploadPhoto);
  useEffect(() => {
    void loadPhotos(loadId);
  }, [loadId, loadPhotos]);
  const receipts = (entry?.data?.photos ?? []).filter((p) => p.photoType === RECEIPT);
  const input = useRef<HTMLInputElement>(null);
  const upload = useSubmit(
    async (file: File) => {
      const form = new FormData();
      form.append('photoType', RECEIPT);
      form.append('description', `Lumper receipt (invoice line ${line + 2})`);
      form.append('photo', file, file.name);
      return uploadPhoto(loadId, form);
    },
    {
      success: false,
      failure: { fallback: 'The receipt could not be uploaded' },
      onSuccess: (photo) => onChange(photo.id),
    },
  );
  return (
    <FormField label="Lumper receipt" error={error} required>
      <Stack gap="2" w="full">
        {receipts.length > 0 ? (
          <SelectInput
            value={value ?? ''}
            onChange={(v) => onChange(v || null)}
            placeholder="Choose a receipt"
            options={receipts.map((p) => ({
              value: p.id,
              label: `Photo of ${formatUsDateTime(p.createdAt)} by ${[p.user.firstName, p.user.lastName].filter(Boolean).join(' ') || 'a team member'}`,
            }))}
          />
        ) : (
          <Text fontSize="sm" color="gray.600">
            {entry?.data ? 'No lumper receipt on this load yet: upload it.' : 'Loading the load’s receipts…'}
          </Text>
        )}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png"
          hidden
          aria-label={`Upload the lumper receipt for extra charge ${line + 1}`}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) void upload.submit(file);
            e.currentTarget.value = '';
          }}
        />
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          loading={upload.pending}
          onClick={() => input.current?.click()}
        >
          <FiUpload aria-hidden />
          Upload a receipt
        </Button>
      </Stack>
    </FormField>
  );
}
