import {
  Badge,
  Button,
  Card,
  Container,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Tabs,
  Text,
} from '@chakra-ui/react';
import {
  EQUIPMENT_LABELS,
  TRUCK_KINDS,
  TRUCK_POSITION_STALE_MS,
  TRUCK_STATUS_LABELS,
  US_STATES,
  truckInputSchema,
  type TruckDto,
  type TruckInput,
} from '@freight/shared';
import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormField } from '../../components/FormField';
import { SelectInput } from '../../components/SelectInput';
import { lazyNamed } from '../../lib/lazyComponent';
import { selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useSessionStore } from '../../stores/session';
import { openFleet, useDriversStore, useTrucksStore } from '../../stores/fleet';
import { DriverCompliance } from './DriverCompliance';

const LiveMap = lazyNamed(() => import('../tracking/LiveMap'), 'LiveMap');

const KIND_OPTIONS = TRUCK_KINDS.map((k) => ({ value: k, label: EQUIPMENT_LABELS[k] ?? k }));
const STATE_OPTIONS = US_STATES.map((s) => ({ value: s, label: s }));

const isStale = (t: TruckDto, now = Date.now()) =>
  !t.lastPosition || now - new Date(t.lastPosition.at).getTime() > TRUCK_POSITION_STALE_MS;

/** /fleet (issue 29): the carrier company's trucks, drivers and the map of its trucks, live. */
export function FleetPage() {
  const keepsCompliance = useSessionStore((s) => s.user?.viewerActions.keepDriverCompliance === true);
  const loadTrucks = useTrucksStore((s) => s.load);
  const loadDrivers = useDriversStore((s) => s.load);
  // Where the trucks are is for those who dispatch them (the viewer's `watch` action, issue 50).
  const watch = useTrucksStore((s) => Boolean(s.viewerActions.watch));
  useEffect(() => {
    void loadTrucks();
    void loadDrivers();
  }, [loadTrucks, loadDrivers]);
  useEffect(() => (watch ? openFleet() : undefined), [watch]);
  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size="xl">
          Fleet
        </Heading>
        {keepsCompliance && <DriverCompliance />}
        <Tabs.Root defaultValue="trucks" variant="enclosed" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="trucks">Trucks</Tabs.Trigger>
            <Tabs.Trigger value="drivers">Drivers</Tabs.Trigger>
            {watch && <Tabs.Trigger value="map">Map</Tabs.Trigger>}
          </Tabs.List>
          <Tabs.Content value="trucks">
            <TrucksTab />
          </Tabs.Content>
          <Tabs.Content value="drivers">
            <DriversTab />
          </Tabs.Content>
          {watch && (
            <Tabs.Content value="map">
              <MapTab />
            </Tabs.Content>
          )}
        </Tabs.Root>
      </Stack>
    </Container>
  );
}

function ListState({ status, error, empty }: { status: string; error: string | null; empty: string }) {
  if (status === 'failed') return <Text color="red.600">{error}</Text>;
  if (status === 'loading' || status === 'idle') return <Spinner role="status" aria-label="Loading" />;
  return <Text color="gray.600">{empty}</Text>;
}

function TrucksTab() {
  const trucks = useTrucksStore((s) => s.items);
  const total = useTrucksStore((s) => s.total);
  const status = useTrucksStore(selectStatus);
  const error = useTrucksStore((s) => s.error);
  const loadMore = useTrucksStore((s) => s.loadMore);
  const manage = useTrucksStore((s) => Boolean(s.viewerActions.manage));
  const watch = useTrucksStore((s) => Boolean(s.viewerActions.watch));
  const { confirm, dialog } = useConfirm();
  return (
    <Stack gap="4" pt="4">
      {dialog}
      {manage && <AddTruckCard />}
      {!watch && status === 'loaded' && (
        <Text color="gray.600" data-testid="positions-hidden">
          Where the trucks are is shown to the company’s owners, admins and dispatchers.
        </Text>
      )}
      {trucks.length === 0 ? (
        <ListState status={status} error={error} empty="No trucks yet." />
      ) : (
        <Stack gap="3" data-testid="truck-list">
          {trucks.map((t) => (
            <TruckRow key={t.id} truck={t} manage={manage} confirm={confirm} />
          ))}
          {trucks.length < total && (
            <Button variant="outline" onClick={() => void loadMore()}>
              Load more
            </Button>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function TruckRow({
  truck,
  manage,
  confirm,
}: {
  truck: TruckDto;
  manage: boolean;
  confirm: ReturnType<typeof useConfirm>['confirm'];
}) {
  const edit = useTrucksStore((s) => s.edit);
  const removeTruck = useTrucksStore((s) => s.removeTruck);
  const { submit: setStatus } = useSubmit(
    (status: 'available' | 'out_of_service') => edit(truck.id, { status }),
    {
      success: 'Truck status changed',
      failure: 'refusal',
      resetOnSuccess: true,
    },
  );
  const { submit: remove, pending: removing } = useSubmit(() => removeTruck(truck.id), {
    success: `Truck ${truck.unitNumber} removed`,
    failure: 'refusal',
  });
  const stale = isStale(truck);
  return (
    <Card.Root size="sm" data-testid={`truck-${truck.unitNumber}`}>
      <Card.Body>
        <Flex gap="3" wrap="wrap" align="center" justify="space-between">
          <Stack gap="1">
            <Text fontWeight="semibold">
              Unit {truck.unitNumber} · {EQUIPMENT_LABELS[truck.kind] ?? truck.kind}
              {truck.length ? ` · ${truck.length} ft` : ''}
            </Text>
            <Text fontSize="sm" color="gray.600">
              {truck.plate} ({truck.plateState}) · VIN {truck.vin}
            </Text>
            <Flex gap="2" wrap="wrap" align="center">
              <Badge
                data-testid="truck-status"
                colorPalette={truck.status === 'available' ? 'green' : 'blue'}
              >
                {TRUCK_STATUS_LABELS[truck.status]}
              </Badge>
              {truck.currentLoadId && (
                <RouterLink to={`/tracking/${truck.currentLoadId}`}>
                  <Text fontSize="sm" color="blue.600">
                    Current load
                  </Text>
                </RouterLink>
              )}
              {truck.lastPosition && (
                <Text fontSize="sm" color="gray.600" data-testid="truck-position">
                  {truck.lastPosition.lat.toFixed(3)}, {truck.lastPosition.lng.toFixed(3)} at{' '}
                  {new Date(truck.lastPosition.at).toLocaleString()}
                </Text>
              )}
              {truck.lastPosition && stale && <Badge colorPalette="gray">Stale</Badge>}
            </Flex>
          </Stack>
          {manage && (
            <Flex gap="2" wrap="wrap">
              {truck.status !== 'on_load' && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    void setStatus(truck.status === 'available' ? 'out_of_service' : 'available')
                  }
                >
                  {truck.status === 'available' ? 'Mark out of service' : 'Mark available'}
                </Button>
              )}
              <Button
                size="sm"
                colorPalette="red"
                variant="outline"
                loading={removing}
                onClick={() =>
                  confirm({
                    title: `Remove truck ${truck.unitNumber}?`,
                    body: 'It leaves the fleet and its last position is forgotten. This cannot be undone.',
                    confirmLabel: 'Remove',
                    onConfirm: () => void remove(),
                  })
                }
              >
                Remove
              </Button>
            </Flex>
          )}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** The form's fields: the plate state starts unchosen. */
type TruckForm = Omit<TruckInput, 'plateState'> & { plateState: TruckInput['plateState'] | '' };

const EMPTY: TruckForm = {
  unitNumber: '',
  kind: 'dry_van',
  length: null,
  plate: '',
  plateState: '',
  vin: '',
};

function AddTruckCard() {
  const add = useTrucksStore((s) => s.add);
  const [form, setForm] = useState<TruckForm>(EMPTY);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const set = (key: keyof TruckForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const { submit, pending } = useSubmit((truck: TruckInput) => add(truck), {
    success: (t) => `Truck ${t.unitNumber} added`,
    failure: 'refusal',
    resetOnSuccess: true,
    onSuccess: () => setForm(EMPTY),
  });
  const onAdd = () => {
    const parsed = truckInputSchema.safeParse({ ...form, length: form.length || null });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setFieldError(`${String(issue.path[0] ?? '')}: ${issue.message}`);
      return;
    }
    setFieldError(null);
    void submit(parsed.data);
  };
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          Add a truck
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <FormField label="Unit number" required>
              <Input value={form.unitNumber} onChange={(e) => set('unitNumber')(e.target.value)} />
            </FormField>
            <FormField label="Kind" required>
              <SelectInput value={form.kind} onChange={set('kind')} options={KIND_OPTIONS} />
            </FormField>
            <FormField label="Length (ft)">
              <Input
                inputMode="numeric"
                value={form.length == null ? '' : String(form.length)}
                onChange={(e) => set('length')(e.target.value)}
              />
            </FormField>
            <FormField label="Plate" required>
              <Input value={form.plate} onChange={(e) => set('plate')(e.target.value)} />
            </FormField>
            <FormField label="Plate state" required>
              <SelectInput
                value={form.plateState}
                onChange={set('plateState')}
                options={STATE_OPTIONS}
                placeholder="Choose the state"
              />
            </FormField>
            <FormField label="VIN" required>
              <Input value={form.vin} onChange={(e) => set('vin')(e.target.value)} maxLength={17} />
            </FormField>
          </SimpleGrid>
          {fieldError && (
            <Text color="red.600" fontSize="sm" role="alert">
              {fieldError}
            </Text>
          )}
          <Button alignSelf="flex-start" onClick={onAdd} loading={pending} data-testid="truck-add">
            Add truck
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function DriversTab() {
  const drivers = useDriversStore((s) => s.items);
  const total = useDriversStore((s) => s.total);
  const status = useDriversStore(selectStatus);
  const error = useDriversStore((s) => s.error);
  const loadMore = useDriversStore((s) => s.loadMore);
  return (
    <Stack gap="3" pt="4" data-testid="driver-list">
      {drivers.length === 0 ? (
        <ListState
          status={status}
          error={error}
          empty="No drivers yet: invite members with the Driver role from the Team page."
        />
      ) : (
        drivers.map((d) => (
          <Card.Root size="sm" key={d.id} data-testid={`driver-${d.id}`}>
            <Card.Body>
              <Stack gap="1">
                <Text fontWeight="semibold">
                  {d.firstName} {d.lastName}
                </Text>
                <Text fontSize="sm" color="gray.600">
                  {d.cdl
                    ? `CDL ${d.cdl.number} (${d.cdl.state}, class ${d.cdl.class}) to ${d.cdl.expiresOn}`
                    : 'No CDL'}
                  {d.medicalCardExpiresOn ? ` · Medical card to ${d.medicalCardExpiresOn}` : ''}
                </Text>
                {d.assignable ? (
                  <Badge colorPalette="green" alignSelf="flex-start">
                    Assignable
                  </Badge>
                ) : (
                  <Text fontSize="sm" color="orange.700" data-testid="driver-unassignable">
                    Can’t be assigned: {d.unassignableReason}
                  </Text>
                )}
              </Stack>
            </Card.Body>
          </Card.Root>
        ))
      )}
      {drivers.length > 0 && drivers.length < total && (
        <Button variant="outline" onClick={() => void loadMore()}>
          Load more
        </Button>
      )}
    </Stack>
  );
}

function MapTab() {
  const trucks = useTrucksStore((s) => s.items);
  const placed = trucks.filter((t) => t.lastPosition);
  const now = Date.now();
  if (placed.length === 0)
    return (
      <Text pt="4" color="gray.600">
        No truck has shared a position yet: positions come from the driver’s phone on the truck’s load.
      </Text>
    );
  return (
    <Stack gap="3" pt="4" data-testid="fleet-map">
      <Suspense fallback={<Spinner role="status" aria-label="Loading the map" />}>
        <LiveMap
          position={null}
          trail={[]}
          pickup={null}
          delivery={null}
          viaPickup={false}
          trucks={placed.map((t) => ({
            id: t.id,
            lat: t.lastPosition!.lat,
            lng: t.lastPosition!.lng,
            label: `Unit ${t.unitNumber}${isStale(t, now) ? ' (stale)' : ''}`,
            stale: isStale(t, now),
          }))}
        />
      </Suspense>
      {placed.map((t) => (
        <Text
          key={t.id}
          fontSize="sm"
          data-testid={`map-truck-${t.unitNumber}`}
          data-lat={t.lastPosition!.lat}
        >
          Unit {t.unitNumber}: {TRUCK_STATUS_LABELS[t.status]}
          {t.currentLoadId && t.status !== 'on_load' ? ' · on a load' : ''} ·{' '}
          {isStale(t, now) ? 'stale, ' : ''}last seen {new Date(t.lastPosition!.at).toLocaleString()}
        </Text>
      ))}
    </Stack>
  );
}
