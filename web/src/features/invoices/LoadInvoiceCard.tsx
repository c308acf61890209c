import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { DEFAULT_INVOICE_TERMS_DAYS } from '@freight/shared';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { invoiceActions, useLoadInvoiceStore } from '../../stores/invoices';
import { useCurrentUser } from '../../stores/session';
import { money } from './format';
import { InvoiceStatusBadges } from './InvoiceDetail';
import { InvoiceFormDialog } from './InvoiceForm';

/**
 * A delivered load's invoice (issue 40), on the load's page: its number, status and total with a link to it, or
 * "Create invoice" for the carrier's owners, admins and accounting. Nothing for a viewer who sees neither.
 */
export function LoadInvoiceCard({ loadId }: { loadId: string }) {
  const data = useLoadInvoiceStore((s) => s.byId[loadId]?.data);
  const load = useLoadInvoiceStore((s) => s.load);
  const [creating, setCreating] = useState(false);
  const companyId = useCurrentUser()?.company?.id;
  useEffect(() => {
    void load(loadId);
  }, [loadId, load]);
  if (!data || (!data.invoice && !data.canCreate)) return null;
  const invoice = data.invoice;
  const tab = invoice?.payerCompanyId && invoice.payerCompanyId === companyId ? 'received' : 'sent';
  return (
    <Card.Root as="section" aria-labelledby="load-invoice-heading" data-testid="load-invoice">
      <Card.Header>
        <Heading as="h2" size="md" id="load-invoice-heading">
          Invoice
        </Heading>
      </Card.Header>
      <Card.Body>
        {invoice ? (
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Stack gap="1">
              <Text fontWeight="bold">
                {invoice.number} · {money(invoice.totalCents)}
              </Text>
              <InvoiceStatusBadges invoice={invoice} />
            </Stack>
            <Button asChild size="sm" variant="outline">
              <RouterLink to={`/invoices?tab=${tab}&invoice=${invoice.id}`}>Open invoice</RouterLink>
            </Button>
          </HStack>
        ) : (
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text color="gray.600">This load is delivered: send its invoice to get paid.</Text>
            <Button size="sm" colorPalette="blue" onClick={() => setCreating(true)}>
              Create invoice
            </Button>
          </HStack>
        )}
      </Card.Body>
      {creating && (
        <InvoiceFormDialog
          open
          title="Create invoice"
          loadId={loadId}
          submitLabel="Send invoice"
          linehaulEditable={false}
          initial={{
            linehaulCents: data.linehaulCents ?? 0,
            extraLines: [],
            termsDays: DEFAULT_INVOICE_TERMS_DAYS,
          }}
          onClose={() => setCreating(false)}
          onSubmit={(v) =>
            invoiceActions.create({ loadId, extraLines: v.extraLines, termsDays: v.termsDays })
          }
        />
      )}
    </Card.Root>
  );
}
