import { Box, Button, Card, Dialog, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  SHIPMENT_REPORT_KINDS,
  SHIPMENT_REPORT_LABELS,
  SHIPMENT_REPORT_MOVES,
  type ShipmentReportKind,
  type ShipmentWorkspaceDto,
} from '@freight/shared';
import { useState } from 'react';
import { FiCheckCircle, FiCircle } from 'react-icons/fi';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { formatUsDateTime } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { useShipmentWorkspaceStore } from '../../stores/shipmentWorkspace';

const BUTTON_LABELS: Record<ShipmentReportKind, string> = {
  picked_up: 'Report Picked Up',
  delivered: 'Report Delivered',
};
const ASK: Record<ShipmentReportKind, string> = {
  picked_up: 'Confirm that you have the item with you. The customer is told at once.',
  delivered: 'Confirm that the item was handed over at the delivery place. The customer is told at once.',
};

/** Matched → Picked up → Delivered: what the driver reported and when; the driver's next report. */
export function ShipmentProgress({ ws }: { ws: ShipmentWorkspaceDto }) {
  const report = useShipmentWorkspaceStore((s) => s.report);
  const [asking, setAsking] = useState<ShipmentReportKind | null>(null);
  const reported = new Map(ws.reports.map((r) => [r.kind, r]));
  const next = SHIPMENT_REPORT_KINDS.find((k) => SHIPMENT_REPORT_MOVES[k].from === ws.shipment.status);
  const { submit, pending } = useSubmit((kind: ShipmentReportKind) => report(ws.id, kind), {
    successTitle: (kind) => `${SHIPMENT_REPORT_LABELS[kind]} reported`,
    success: 'The customer has been notified.',
    failure: 'refusal',
    resetOnSuccess: true,
  });

  const steps = [
    { key: 'matched', label: 'Matched', at: ws.offer?.respondedAt ?? null, done: true },
    ...SHIPMENT_REPORT_KINDS.map((k) => ({
      key: k,
      label: SHIPMENT_REPORT_LABELS[k],
      at: reported.get(k)?.at ?? null,
      done: reported.has(k),
    })),
  ];

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          Progress
        </Heading>
      </Card.Header>
      <Card.Body gap="4" pt="0">
        <Stack gap="3" as="ol" listStyleType="none" m="0" p="0">
          {steps.map((step) => (
            <HStack
              as="li"
              key={step.key}
              gap="3"
              align="flex-start"
              data-testid={`shipment-step-${step.key}`}
            >
              <Box color={step.done ? 'green.600' : 'gray.400'} pt="1" flexShrink={0}>
                {step.done ? <FiCheckCircle aria-hidden /> : <FiCircle aria-hidden />}
              </Box>
              <Box>
                <Text fontWeight="semibold">{step.label}</Text>
                <Text fontSize="sm" color="gray.600">
                  {step.done
                    ? step.key === 'matched'
                      ? step.at
                        ? `Offer accepted ${formatUsDateTime(step.at)}`
                        : 'Offer accepted'
                      : `Reported ${formatUsDateTime(step.at)}`
                    : 'Not yet'}
                </Text>
              </Box>
            </HStack>
          ))}
        </Stack>
        {ws.role === 'driver' && next && (
          <Button
            colorPalette="blue"
            alignSelf="flex-start"
            loading={pending}
            onClick={() => setAsking(next)}
          >
            {BUTTON_LABELS[next]}
          </Button>
        )}
        {ws.role === 'customer' && next && (
          <Text fontSize="sm" color="gray.600">
            Your driver reports the pickup and the delivery here; you are notified of each.
          </Text>
        )}
      </Card.Body>
      <FormDialog
        title={asking ? `Report ${SHIPMENT_REPORT_LABELS[asking].toLowerCase()}?` : ''}
        open={asking !== null}
        onClose={() => setAsking(null)}
        placement="center"
      >
        {asking && (
          <>
            <Dialog.Body>
              <Text>{ASK[asking]}</Text>
            </Dialog.Body>
            <FormDialogFooter
              onCancel={() => setAsking(null)}
              submitLabel={BUTTON_LABELS[asking]}
              onSubmit={() => {
                const kind = asking;
                setAsking(null);
                void submit(kind);
              }}
            />
          </>
        )}
      </FormDialog>
    </Card.Root>
  );
}
