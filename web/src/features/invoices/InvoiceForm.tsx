import { Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react';
import {
  DEFAULT_INVOICE_TERMS_DAYS,
  EXTRA_INVOICE_LINE_KINDS,
  INVOICE_LINE_LABELS,
  type ExtraInvoiceLine,
} from '@freight/shared';
import { useState, type FormEvent } from 'react';
import { FiPlus, FiTrash2 } from 'react-icons/fi';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { SelectInput } from '../../components/SelectInput';
import { useSubmit } from '../../lib/useSubmit';
import { centsOf, money } from './format';

interface DraftLine {
  kind: ExtraInvoiceLine['kind'];
  description: string;
  amount: string;
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
  submitLabel,
  initial,
  linehaulEditable,
  open,
  onClose,
  onSubmit,
}: {
  title: string;
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
  submitLabel,
  initial,
  linehaulEditable,
  onClose,
  onSubmit,
}: {
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
    })),
  );
  const [terms, setTerms] = useState(String(initial.termsDays || DEFAULT_INVOICE_TERMS_DAYS));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (i: number, patch: Partial<DraftLine>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  const values = (): InvoiceFormValues | null => {
    const found: Record<string, string> = {};
    const linehaulCents = centsOf(linehaul);
    if (linehaulCents == null) found.linehaul = 'Enter an amount more than zero';
    const extraLines = lines.map((l, i) => {
      const amountCents = centsOf(l.amount);
      if (amountCents == null) found[`amount${i}`] = 'Enter an amount more than zero';
      if (!l.description.trim()) found[`description${i}`] = 'Describe the charge';
      return { kind: l.kind, description: l.description.trim(), amountCents: amountCents ?? 0 };
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
            </Stack>
          ))}
          <Button
            variant="outline"
            size="sm"
            alignSelf="start"
            onClick={() => setLines((ls) => [...ls, { kind: 'detention', description: '', amount: '' }])}
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
