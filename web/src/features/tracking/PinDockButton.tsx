import { Button } from '@chakra-ui/react';
import { GEOLOCATION_TIMEOUT_MS, type TripStopDto } from '@freight/shared';
import { useState } from 'react';
import { FiMapPin } from 'react-icons/fi';
import { useConfirm } from '../../components/ConfirmDialog';
import { notify } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/api';
import { isSocketConnected } from '../../lib/socket';
import { useTrackedLoadStore } from '../../stores/trackedLoad';
import { currentPosition } from './format';
import { reloadTrackedLoad } from './trackedLoadSession';

const STOP_NAME = { pickup: 'pickup', delivery: 'delivery' } as const;

/**
 * "Pin the dock here" (issue 39): the booked carrier's dispatcher or the driver, at the dock, sets the stop's point
 * to where the device is, for this load and every later one at the facility. Asked first: it moves the point others'
 * maps and the delivery check use.
 */
export function PinDockButton({ freightId, stop }: { freightId: string; stop: TripStopDto }) {
  const pinDock = useTrackedLoadStore((s) => s.pinDock);
  const { confirm, dialog } = useConfirm();
  const [pinning, setPinning] = useState(false);

  const pinHere = async () => {
    setPinning(true);
    try {
      let coords: GeolocationCoordinates;
      try {
        coords = (await currentPosition(GEOLOCATION_TIMEOUT_MS)).coords;
      } catch {
        notify({ title: 'Location Error', description: 'Could not get current location', type: 'error' });
        return;
      }
      await pinDock(freightId, stop.pinAs ?? stop.kind, {
        lat: coords.latitude,
        lng: coords.longitude,
      });
      notify({
        title: 'Dock pinned',
        description: `The ${STOP_NAME[stop.kind]} is pinned here`,
        type: 'success',
      });
      // Without a socket no push comes back: read the load again.
      if (!isSocketConnected()) await reloadTrackedLoad(freightId);
    } catch (err) {
      notify({ title: 'Could not pin the dock', description: errorMessage(err), type: 'error' });
    } finally {
      setPinning(false);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        mt="1"
        loading={pinning}
        data-testid="pin-dock"
        onClick={() =>
          confirm({
            title: 'Pin the dock here?',
            body: `The ${STOP_NAME[stop.kind]}'s point on the map becomes where this device is now, for this load and every later load at ${stop.facilityName ?? 'this facility'}. Do this at the dock.`,
            confirmLabel: 'Pin the dock',
            tone: 'commit',
            onConfirm: () => void pinHere(),
          })
        }
      >
        <FiMapPin aria-hidden />
        Pin the dock here
      </Button>
      {dialog}
    </>
  );
}
