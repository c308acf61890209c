import { Link, Stack, Text } from '@chakra-ui/react';
import type { StopFacilityDwellDto } from '@freight/shared';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useLoadFacilityDwellStore } from '../../stores/facilities';

function StopLine({ label, stop }: { label: string; stop: StopFacilityDwellDto }) {
  const name = stop.facilityName ? `${label} (${stop.facilityName})` : label;
  return (
    <Stack gap="0" data-testid={`facility-dwell-${label.toLowerCase()}`}>
      <Text fontSize="xs" color="gray.600">
        {stop.facilityKey ? (
          <Link asChild color="orange.700">
            <RouterLink to={`/facilities/${stop.facilityKey}`}>{name}</RouterLink>
          </Link>
        ) : (
          name
        )}
      </Text>
      <Text fontSize="sm" fontWeight="medium">
        {stop.scorecard.line}
      </Text>
    </Stack>
  );
}

/**
 * How long trucks wait at a load's pickup and delivery facilities (issue 41): "Median dwell 2 h 50 m · detention at
 * 38 % of stops", over 90 days, from 5 visits. The facility is named and linked only for those who read the stops'
 * details; a stop without a street address (no facility known) shows nothing.
 */
export function FacilityDwellLines({ loadId }: { loadId: string }) {
  const entry = useLoadFacilityDwellStore((s) => s.byId[loadId]);
  const load = useLoadFacilityDwellStore((s) => s.load);
  useEffect(() => {
    void load(loadId);
  }, [loadId, load]);
  const d = entry?.data;
  if (!d || (!d.pickup && !d.delivery)) return null;
  return (
    <Stack gap="2" as="section" aria-label="Facility dwell" data-testid="facility-dwell">
      <Text fontSize="sm" fontWeight="semibold">
        Time at the facilities (last 90 days)
      </Text>
      {d.pickup && <StopLine label="Pickup" stop={d.pickup} />}
      {d.delivery && <StopLine label="Delivery" stop={d.delivery} />}
    </Stack>
  );
}
