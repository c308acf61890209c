import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import {
  MAX_QUICK_PAY_DAYS,
  MAX_QUICK_PAY_FEE_BPS,
  formatFeeBps,
  type QuickPayOfferDto,
  type QuickPayTerms,
} from '@freight/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { InputField } from '../../components/InputField';
import { apiRequest } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';

const PATH = '/api/company/quick-pay';

/** "2.5" (percent, as typed) to whole basis points; null for anything outside 0 < fee ≤ 10 %. */
function feeBpsOf(text: string): number | null {
  const percent = Number(text.trim());
  if (!text.trim() || !Number.isFinite(percent)) return null;
  const bps = Math.round(percent * 100);
  return bps > 0 && bps <= MAX_QUICK_PAY_FEE_BPS ? bps : null;
}

/**
 * The quick pay the viewer's company offers the carriers that invoice it (issue 40): shown on the Received tab,
 * changed by its owners, admins and accounting.
 */
export function QuickPayTermsCard() {
  const [offer, setOffer] = useState<QuickPayOfferDto | null>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    let live = true;
    apiRequest<QuickPayOfferDto>('GET', PATH).then(
      (o) => live && setOffer(o),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const stop = useSubmit(() => apiRequest<QuickPayOfferDto>('DELETE', PATH), {
    success: 'Quick pay is no longer offered on new requests.',
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: setOffer,
  });
  if (!offer || (!offer.terms && !offer.canEdit)) return null;
  const terms = offer.terms;
  return (
    <Box
      borderWidth="1px"
      rounded="md"
      p="3"
      as="section"
      aria-label="Quick pay you offer"
      data-testid="quick-pay-terms"
    >
      {editing ? (
        <QuickPayTermsForm
          terms={terms}
          onDone={(o) => {
            if (o) setOffer(o);
            setEditing(false);
          }}
        />
      ) : (
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontSize="sm">
            {terms
              ? `Quick pay you offer: paid within ${terms.days} day${terms.days === 1 ? '' : 's'} for a ${formatFeeBps(terms.feeBps)} fee.`
              : 'You offer no quick pay. Carriers may ask to be paid sooner for a fee if you offer it.'}
          </Text>
          {offer.canEdit && (
            <HStack gap="2">
              <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
                {terms ? 'Change quick pay' : 'Offer quick pay'}
              </Button>
              {terms && (
                <Button size="xs" variant="ghost" loading={stop.pending} onClick={() => void stop.submit()}>
                  Stop offering
                </Button>
              )}
            </HStack>
          )}
        </HStack>
      )}
    </Box>
  );
}

function QuickPayTermsForm({
  terms,
  onDone,
}: {
  terms: QuickPayTerms | null;
  onDone: (offer: QuickPayOfferDto | null) => void;
}) {
  const [fee, setFee] = useState(terms ? String(terms.feeBps / 100) : '');
  const [days, setDays] = useState(terms ? String(terms.days) : '');
  const [errors, setErrors] = useState<{ fee?: string; days?: string }>({});
  const save = useSubmit((t: QuickPayTerms) => apiRequest<QuickPayOfferDto>('PUT', PATH, t), {
    success: 'Quick pay terms saved.',
    failure: 'refusal',
    onSuccess: onDone,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const feeBps = feeBpsOf(fee);
    const dayCount = Number(days);
    const next = {
      fee:
        feeBps === null ? `Enter a fee above 0 % and at most ${MAX_QUICK_PAY_FEE_BPS / 100} %.` : undefined,
      days:
        Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= MAX_QUICK_PAY_DAYS
          ? undefined
          : `Promise between 1 and ${MAX_QUICK_PAY_DAYS} days.`,
    };
    setErrors(next);
    if (next.fee || next.days) return;
    void save.submit({ feeBps: feeBps!, days: dayCount });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Quick pay terms">
      <Stack gap="3">
        <HStack gap="3" align="start" wrap="wrap">
          <InputField
            label="Fee (%)"
            type="number"
            step={0.01}
            min={0.01}
            max={MAX_QUICK_PAY_FEE_BPS / 100}
            required
            value={fee}
            onChange={(e) => setFee(e.target.value)}
            error={errors.fee}
          />
          <InputField
            label="Paid within (days)"
            type="number"
            min={1}
            max={MAX_QUICK_PAY_DAYS}
            required
            value={days}
            onChange={(e) => setDays(e.target.value)}
            error={errors.days}
          />
        </HStack>
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="blue" loading={save.pending}>
            Save quick pay
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onDone(null)}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
