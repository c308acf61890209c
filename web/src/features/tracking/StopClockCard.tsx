import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import {
  clockTimeText,
  durationText,
  formatUsd,
  freeTimeEndsAt,
  freeTimeText,
  minutesBetween,
  stopDetentionCents,
  stopVisitLabel,
  type PinDockStop,
  type StopClockDto,
  type StopTransition,
  type StopVisitDto,
  type TrackingFreightDto,
} from '@freight/shared';
import { useEffect, useState } from 'react';
import { renderNow } from '../../lib/serverData';
import { useSubmit } from '../../lib/useSubmit';
import { useLoadStopClockStore } from '../../stores/loadStopClock';

const TICK_MS = 1_000;

/** The browser's time, every second: a truck on site's clock ticks from its arrival without asking the server. */
function useTicking(active: boolean): number {
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

const sourceText = (source: string | null) => (source === 'check_in' ? ' (check-in)' : '');
const money = (cents: number) => formatUsd(cents / 100);

/** How the check-in route names a stop: the first pickup, the last delivery, or a stop in between by its number. */
const routeName = (s: StopVisitDto): PinDockStop =>
  s.sequence === 1 ? 'pickup' : s.sequence === s.stopCount ? 'delivery' : s.sequence;

/**
 * The check-ins a trip report does not make (docs/detention.md): the arrival at a stop in between (its report is
 * Done, the departure) and the departure from the delivery before the receiver signs.
 */
function checkInFor(s: StopVisitDto): StopTransition | null {
  const between = s.sequence > 1 && s.sequence < s.stopCount;
  if (between && !s.arrivedAt && !s.departedAt) return 'arrived';
  if (s.sequence === s.stopCount && s.arrivedAt && !s.departedAt) return 'departed';
  return null;
}

function StopClockRow({
  freightId,
  stop,
  clock,
  now,
}: {
  freightId: string;
  stop: StopVisitDto;
  clock: StopClockDto;
  now: number;
}) {
  const checkIn = useLoadStopClockStore((s) => s.checkIn);
  const transition = clock.viewerActions.checkIn ? checkInFor(stop) : null;
  const { submit, pending } = useSubmit((t: StopTransition) => checkIn(freightId, routeName(stop), t), {
    successTitle: (t) => (t === 'arrived' ? 'Arrival checked in' : 'Departure checked in'),
    failure: 'refusal',
    resetOnSuccess: true,
  });
  const time = (at: string) => clockTimeText(at, stop.timeZone);
  const onSite = Boolean(stop.arrivedAt && !stop.departedAt && clock.running);
  const dwell = stop.arrivedAt
    ? (stop.dwellMinutes ?? (onSite ? Math.max(0, minutesBetween(stop.arrivedAt, now)) : null))
    : null;
  const ends = stop.arrivedAt ? freeTimeEndsAt(stop.arrivedAt, clock.freeTimeMinutes) : null;
  const over = ends !== null && dwell !== null && dwell > clock.freeTimeMinutes;
  const amount =
    clock.detention && dwell !== null
      ? stopDetentionCents(dwell, clock.freeTimeMinutes, clock.detention)
      : null;
  return (
    <Stack
      gap="1"
      data-testid="stop-clock-stop"
      data-sequence={stop.sequence}
      data-state={stop.departedAt ? 'departed' : stop.arrivedAt ? 'on_site' : 'not_arrived'}
      borderTopWidth={stop.sequence > 1 ? '1px' : undefined}
      pt={stop.sequence > 1 ? '2' : undefined}
    >
      <Text fontSize="sm" fontWeight="medium">
        {stopVisitLabel(stop)} · {stop.facilityName}
      </Text>
      {!stop.arrivedAt && (
        <Text fontSize="sm" color="gray.600">
          {stop.departedAt
            ? `Left ${time(stop.departedAt)}${sourceText(stop.departureSource)}: no arrival recorded`
            : stop.geofenced
              ? 'Not arrived yet'
              : 'Not arrived yet: checked in by the driver (the address is not exact enough for a geofence)'}
        </Text>
      )}
      {stop.arrivedAt && (
        <Text fontSize="sm" data-testid="stop-clock-arrived">
          Arrived {time(stop.arrivedAt)}
          {sourceText(stop.arrivalSource)}
        </Text>
      )}
      {onSite && dwell !== null && ends && (
        <HStack gap="2" wrap="wrap">
          <Text fontSize="sm" fontWeight="semibold" data-testid="stop-clock-running">
            On site {durationText(dwell)}
          </Text>
          {over ? (
            <Badge colorPalette="orange" variant="subtle" data-testid="stop-clock-detention">
              Detention since {time(ends.toISOString())}
            </Badge>
          ) : (
            <Badge colorPalette="green" variant="subtle" data-testid="stop-clock-free">
              Free time left {durationText(clock.freeTimeMinutes - dwell)} (until {time(ends.toISOString())})
            </Badge>
          )}
        </HStack>
      )}
      {stop.departedAt && stop.arrivedAt && (
        <Text fontSize="sm" data-testid="stop-clock-departed">
          Left {time(stop.departedAt)}
          {sourceText(stop.departureSource)} · dwell{' '}
          <Text as="span" fontWeight="semibold" data-testid="stop-clock-dwell">
            {durationText(stop.dwellMinutes ?? 0)}
          </Text>
          {over && ends ? ` · detention from ${time(ends.toISOString())}` : ''}
        </Text>
      )}
      {amount !== null && amount > 0 && (
        <Text fontSize="sm" color="orange.700" data-testid="stop-clock-amount">
          Detention {stop.departedAt ? '' : 'so far '}
          {money(amount)}
        </Text>
      )}
      {transition && (
        <HStack>
          <Button size="xs" variant="outline" loading={pending} onClick={() => void submit(transition)}>
            {transition === 'arrived' ? 'Check in: arrived now' : 'Check in: left now'}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/**
 * The clock at each stop (issue 41) for both sides and the driver: arrived at, time on site ticking in the browser,
 * the free time left or "Detention since …", departed at and the dwell, with "(check-in)" for a driver's check-in.
 * Times are the facility's (its state's zone, labelled). Amounts only for the viewers the server sends the rate to.
 */
export function StopClockCard({ freight }: { freight: TrackingFreightDto }) {
  const clock = useLoadStopClockStore((s) => s.byId[freight.id]?.data);
  useEffect(() => {
    void useLoadStopClockStore.getState().load(freight.id);
  }, [freight.id, freight.status]);
  const ticking = Boolean(clock?.running && clock.stops.some((s) => s.arrivedAt && !s.departedAt));
  const now = useTicking(ticking);
  if (!clock || (!clock.running && clock.stops.every((s) => !s.arrivedAt && !s.departedAt))) return null;
  return (
    <Card.Root size="sm" as="section" aria-label="Time at stops" data-testid="stop-clock">
      <Card.Header>
        <Heading as="h2" size="sm">
          Time at stops
        </Heading>
        <Text fontSize="xs" color="gray.600">
          Free time {freeTimeText(clock.freeTimeMinutes)} at each stop. Times are the facility&apos;s local
          time.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          {clock.stops.map((stop) => (
            <StopClockRow key={stop.sequence} freightId={freight.id} stop={stop} clock={clock} now={now} />
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
