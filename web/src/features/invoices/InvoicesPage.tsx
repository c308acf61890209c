import { Box, Button, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { AGING_BUCKETS, AGING_BUCKET_LABELS, formatUsd, type InvoiceDto } from '@freight/shared';
import { useEffect } from 'react';
import { FiFileText } from 'react-icons/fi';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { PageControls } from '../../components/PageControls';
import { formatUsDate } from '../../lib/dates';
import { selectItems, selectStatus, selectTotal } from '../../lib/resourceStore';
import { useInvoiceAgingStore, useReceivedInvoicesStore, useSentInvoicesStore } from '../../stores/invoices';
import { money } from './format';
import { InvoiceDetailDialog, InvoiceStatusBadges } from './InvoiceDetail';
import { QuickPayTermsCard } from './QuickPayTerms';

type Side = 'sent' | 'received';
const STORES = { sent: useSentInvoicesStore, received: useReceivedInvoicesStore };

/** /invoices (issue 40): the invoices the company sent and received, aging, and the invoice drawer. */
export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const side: Side = params.get('tab') === 'received' ? 'received' : 'sent';
  const open = params.get('invoice');
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key === 'invoice' && !value });
  };
  return (
    <Stack gap="5" maxW="5xl" mx="auto" w="full">
      <Heading as="h1" size="lg">
        Invoices
      </Heading>
      <HStack gap="2" role="group" aria-label="Invoices sent or received">
        {(['sent', 'received'] as const).map((tab) => (
          <Button
            key={tab}
            size="sm"
            variant={side === tab ? 'solid' : 'outline'}
            aria-pressed={side === tab}
            onClick={() => setParam('tab', tab)}
            data-testid={`invoices-tab-${tab}`}
          >
            {tab === 'sent' ? 'Sent' : 'Received'}
          </Button>
        ))}
      </HStack>
      {side === 'received' && <QuickPayTermsCard />}
      <InvoiceList key={side} side={side} onOpen={(id) => setParam('invoice', id)} />
      <InvoiceDetailDialog id={open} onClose={() => setParam('invoice', null)} />
    </Stack>
  );
}

function InvoiceList({ side, onOpen }: { side: Side; onOpen: (id: string) => void }) {
  const useStore = STORES[side];
  const items = useStore(selectItems);
  const status = useStore(selectStatus);
  const total = useStore(selectTotal);
  const page = useStore((s) => s.page);
  const pageSize = useStore((s) => s.pageSize);
  const goToPage = useStore((s) => s.goToPage);
  const error = useStore((s) => s.error);
  useEffect(() => {
    void goToPage(1);
  }, [goToPage]);

  if (status === 'failed' && items.length === 0)
    return <Text color="red.600">{error ?? 'Could not load the invoices. Please try again.'}</Text>;
  if (status !== 'loaded' && items.length === 0)
    return <Spinner alignSelf="center" aria-label="Loading invoices" />;
  if (items.length === 0)
    return (
      <EmptyState
        icon={FiFileText}
        iconColor="gray.400"
        title={side === 'sent' ? 'No invoices sent yet' : 'No invoices received yet'}
        description={
          side === 'sent'
            ? 'Invoice a delivered load from its tracking page: the invoice shows here with every move the payer makes.'
            : 'Invoices carriers send your company for delivered loads show here, ready to approve, dispute and pay.'
        }
        testId={`invoices-empty-${side}`}
      />
    );
  return (
    <Stack gap="4">
      <Aging side={side} />
      <Stack gap="2" data-testid={`invoices-${side}`}>
        {items.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} side={side} onOpen={onOpen} />
        ))}
      </Stack>
      <PageControls page={page} pages={Math.ceil(total / pageSize)} onPage={(p) => void goToPage(p)} />
    </Stack>
  );
}

/** What every open invoice of the side owes, by days past due (read from the server; pushes read it again). */
function Aging({ side }: { side: Side }) {
  const entry = useInvoiceAgingStore((s) => s.byId[side]);
  const load = useInvoiceAgingStore((s) => s.load);
  useEffect(() => {
    void load(side);
  }, [side, load]);
  const aging = entry?.data;
  if (!aging) return null;
  const hidden = aging.amountsHidden;
  return (
    <SimpleGrid columns={{ base: 2, md: 5 }} gap="2" as="section" aria-label="Aging of open invoices">
      {AGING_BUCKETS.map((bucket) => {
        const { count, cents } = aging.buckets[bucket];
        return (
          <Box key={bucket} borderWidth="1px" rounded="md" p="3" data-testid={`aging-${bucket}`}>
            <Text fontSize="xs" color="gray.600">
              {bucket === 'current' ? 'Current' : `${AGING_BUCKET_LABELS[bucket]} past due`}
            </Text>
            <Text fontWeight="bold">{hidden ? `${count}` : formatUsd(cents / 100)}</Text>
            {!hidden && (
              <Text fontSize="xs" color="gray.600">
                {count} invoice{count === 1 ? '' : 's'}
              </Text>
            )}
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

function InvoiceRow({
  invoice,
  side,
  onOpen,
}: {
  invoice: InvoiceDto;
  side: Side;
  onOpen: (id: string) => void;
}) {
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="invoice-row" data-number={invoice.number}>
      <HStack justify="space-between" align="start" wrap="wrap" gap="2">
        <Stack gap="0" minW="0">
          <Text fontWeight="bold">
            {invoice.number} · {side === 'sent' ? invoice.payerName : invoice.issuerName}
          </Text>
          <Text fontSize="sm" color="gray.600" truncate>
            {invoice.loadTitle} · {invoice.lane}
          </Text>
          <Text fontSize="sm" color="gray.600">
            Due {formatUsDate(invoice.dueAt)}
          </Text>
        </Stack>
        <Stack gap="1" align="end">
          <Text fontWeight="bold">{money(invoice.totalCents)}</Text>
          <InvoiceStatusBadges invoice={invoice} />
          <Button size="xs" variant="outline" onClick={() => onOpen(invoice.id)}>
            Open {invoice.number}
          </Button>
        </Stack>
      </HStack>
    </Box>
  );
}
