import { renderNow } from '../../lib/serverData';
import { Badge, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import {
  estimateArrival,
  stopEventText,
  type LocationPointDto,
  tripReportKey,
  tripReportOrder,
  type StopEventDto,
  type TrackingFreightDto,
  type TripReport,
} from '@freight/shared';
import { useEffect, useState } from 'react';
import { FiCheckCircle, FiCircle } from 'react-icons/fi';
import { formatUsDateTime } from '../../lib/dates';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadStopsStore } from '../../stores/loadStops';
import { formatNumber, formatWeekdayTime } from '../../lib/formatters';

const NO_STOPS: StopEventDto[] = [];
const ETA_REFRESH_MS = 30_000;

/** The time, re-read every `ms` (the ETA counts from now when the last position is older). */
function useNow(ms: number): number {
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** The load's stop events as the page shows them. */
export function useLoadStops(freightId: string): StopEventDto[] {
  return useLoadStopsStore((s) => s.byId[freightId]?.data?.stops) ?? NO_STOPS;
}

/** Not loaded yet: the trip still runs through the pickup (a load started without Loaded counts as loaded). */
export const stillToPickUp = (freight: TrackingFreightDto, stops: StopEventDto[]) =>
  freight.status === 'booked' && !stops.some((s) => s.kind === 'loaded');

const fmtTime = (ms: number) => formatWeekdayTime(new Date(ms));

/** ETA to the delivery place, from the miles left and the recent speed; updated with every position. */
export function EtaLine({
  freight,
  trail,
  stops,
}: {
  freight: TrackingFreightDto;
  trail: LocationPointDto[];
  stops: StopEventDto[];
}) {
  const now = useNow(ETA_REFRESH_MS);
  const arrived = stops.find((s) => s.kind === 'arrived_delivery');
  if (freight.status === 'delivered' || arrived) {
    return (
      <Text data-testid="tracking-eta" fontWeight="semibold">
        {freight.status === 'delivered'
          ? 'Delivered'
          : `Arrived at delivery ${formatUsDateTime(arrived?.at)}`}
      </Text>
    );
  }
  if (freight.status !== 'booked' && freight.status !== 'in_transit') return null;
  const place = (lat: number | null, lng: number | null) =>
    lat != null && lng != null ? { lat, lng } : null;
  const position = place(freight.currentLat, freight.currentLng);
  const eta = estimateArrival({
    position: position && { ...position, at: new Date(freight.lastLocationUpdate ?? now).getTime() },
    trail: trail.map((p) => ({ lat: p.lat, lng: p.lng, at: new Date(p.createdAt).getTime() })),
    pickup: place(freight.pickupLat, freight.pickupLng),
    delivery: place(freight.deliveryLat, freight.deliveryLng),
    viaPickup: stillToPickUp(freight, stops),
    now,
  });
  if (!eta) {
    return (
      <Text data-testid="tracking-eta" color="gray.600">
        ETA appears once the carrier shares a location.
      </Text>
    );
  }
  const speed =
    eta.speedFrom === 'recent' ? `${Math.round(eta.mph)} mph recent average` : `a typical ${eta.mph} mph`;
  return (
    <Text data-testid="tracking-eta" data-miles={Math.round(eta.milesToGo)}>
      <Text as="span" fontWeight="semibold">
        ETA {fmtTime(eta.arrivesAt)}
      </Text>{' '}
      · {formatNumber(Math.round(eta.milesToGo))} mi to go (est.) at {speed}
    </Text>
  );
}

/** One report the carrier makes on the trip, with its words. */
interface TripStep extends TripReport {
  label: string;
}

/** The trip's reports in their order (shared with the server's check), each named; a stop in between by its place. */
function tripSteps(freight: TrackingFreightDto): TripStep[] {
  return tripReportOrder(freight.extraStopCount ?? 0).map((report) => {
    const stop = report.stop ? freight.extraStops?.[report.stop - 2] : undefined;
    const where = stop ? `: ${stop.address.split(', ').slice(-2).join(', ')}` : '';
    return { ...report, label: `${stopEventText({ ...report, stopKind: stop?.kind ?? null })}${where}` };
  });
}

/**
 * The stops of the trip for everyone on the load, and the carrier's button for the next one (they come in order:
 * arrived at pickup, loaded, done at each stop in between, arrived at delivery).
 */
export function StopTimeline({
  freight,
  stops,
  canReport,
}: {
  freight: TrackingFreightDto;
  stops: StopEventDto[];
  /** The viewer reports the stops (the server's tracking actions: the booked carrier, while the trip is open). */
  canReport: boolean;
}) {
  const report = useLoadStopsStore((s) => s.report);
  const { submit, pending } = useSubmit((step: TripStep) => report(freight.id, step.kind, step.stop), {
    successTitle: (step) => step.label,
    failure: 'refusal',
    resetOnSuccess: true,
  });
  const reported = new Map(stops.map((s) => [tripReportKey(s), s]));
  const steps = tripSteps(freight);
  const next = steps.find((s) => !reported.has(tripReportKey(s)));
  return (
    <Stack gap="2" data-testid="tracking-stops">
      <List.Root variant="plain" gap="1">
        {steps.map((step) => {
          const stop = reported.get(tripReportKey(step));
          return (
            <List.Item
              key={tripReportKey(step)}
              alignItems="center"
              gap="2"
              color={stop ? 'green.700' : 'gray.600'}
            >
              <List.Indicator asChild>
                {stop ? <FiCheckCircle aria-hidden /> : <FiCircle aria-hidden />}
              </List.Indicator>
              {step.label}
              {stop ? (
                <Badge colorPalette="green" variant="subtle">
                  {formatUsDateTime(stop.at)}
                </Badge>
              ) : (
                <Text as="span" srOnly>
                  (not yet)
                </Text>
              )}
            </List.Item>
          );
        })}
      </List.Root>
      {canReport && next && (
        <HStack>
          <Button size="sm" colorPalette="blue" loading={pending} onClick={() => void submit(next)}>
            Report: {next.label}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
