import { Link, Stack, Text } from '@chakra-ui/react';
import { appointmentText, stopReferencesText, telUrl, type TripStopDto } from '@freight/shared';
import type { ReactNode } from 'react';
import { FiPhone } from 'react-icons/fi';
import { formatUsDate } from '../../lib/dates';

/**
 * A stop as the people on the load need it at the gate (issue 39): the facility, the address (one tap opens it in
 * the phone's maps app), the day and appointment, dock notes, references and a contact to call. The driver's next
 * stop on My Trips and the tracking page's stops are this one component.
 */
export function StopDetails({
  stop,
  label,
  testId,
  children,
}: {
  stop: TripStopDto;
  /** What the stop is to the reader: "Next: pickup", "Pickup". */
  label: string;
  testId: string;
  /** Actions on the stop (pinning its dock). */
  children?: ReactNode;
}) {
  const appointment = appointmentText(stop.appointment);
  const day = stop.date ? formatUsDate(stop.date) : null;
  const references = stopReferencesText(stop);
  return (
    <Stack gap="0.5" data-testid={testId} data-kind={stop.kind}>
      <Text fontSize="sm" fontWeight="medium">
        {label}
        {stop.facilityName ? ` · ${stop.facilityName}` : ''}
      </Text>
      <Link
        href={stop.mapsUrl ?? stop.navigationUrl}
        target="_blank"
        rel="noopener noreferrer"
        fontSize="sm"
        color="blue.600"
        data-testid="stop-address"
      >
        {stop.address}
      </Link>
      {stop.dockPinned ? (
        <Text fontSize="xs" color="gray.600" data-testid="stop-point">
          Dock pinned on the map
        </Text>
      ) : (
        stop.approximate && (
          <Text fontSize="xs" color="gray.600" data-testid="stop-point">
            Approximate: the map point is the ZIP&apos;s or city&apos;s centre, not the dock
          </Text>
        )
      )}
      {(appointment || day) && (
        <Text fontSize="sm" data-testid="stop-appointment">
          {[day, appointment].filter(Boolean).join(' · ')}
        </Text>
      )}
      {stop.dockNotes && <Text fontSize="sm">{stop.dockNotes}</Text>}
      {references && (
        <Text fontSize="sm" data-testid="stop-references">
          {references}
        </Text>
      )}
      {stop.contactPhone ? (
        <Link href={telUrl(stop.contactPhone)} fontSize="sm" color="blue.600" data-testid="stop-contact">
          <FiPhone aria-hidden />
          {stop.contactName ? `${stop.contactName}, ` : ''}
          {stop.contactPhone}
        </Link>
      ) : (
        stop.contactName && <Text fontSize="sm">Contact: {stop.contactName}</Text>
      )}
      {children}
    </Stack>
  );
}
