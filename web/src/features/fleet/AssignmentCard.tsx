import { Button, Card, Checkbox, DataList, Dialog, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { EQUIPMENT_LABELS, TRUCK_STATUS_LABELS, type LoadAssignmentDto } from '@freight/shared';
import { useEffect, useState } from 'react';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectInput } from '../../components/SelectInput';
import { apiRequest } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { useDriversStore, useTrucksStore } from '../../stores/fleet';

/**
 * The truck and driver that run a load (issue 29): the poster sees the unit and the driver's first name (and phone
 * if shared), live; the booked carrier's dispatchers assign or reassign from here (the viewer's `assign` action).
 */
export function AssignmentCard({
  freightId,
  assignment,
  canAssign,
}: {
  freightId: string;
  assignment: LoadAssignmentDto | null | undefined;
  canAssign: boolean;
}) {
  if (!assignment && !canAssign) return null;
  return (
    <Card.Root size="sm" data-testid="load-assignment">
      <Card.Header>
        <Heading as="h2" size="sm">
          Truck and driver
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {assignment ? (
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>Truck</DataList.ItemLabel>
                <DataList.ItemValue data-testid="assigned-truck">
                  Unit {assignment.truckUnit}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Driver</DataList.ItemLabel>
                <DataList.ItemValue data-testid="assigned-driver">
                  {assignment.driverFirstName}
                  {assignment.driverPhone ? ` · ${assignment.driverPhone}` : ''}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          ) : (
            <Text color="gray.600">No truck and driver assigned yet.</Text>
          )}
          {canAssign && <AssignButton freightId={freightId} assignment={assignment ?? null} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** "Unit 7 · Dana": a load's assignment in one line (My Loads rows). */
export const assignmentSummary = (a: LoadAssignmentDto) => `Unit ${a.truckUnit} · ${a.driverFirstName}`;

/** Assign or Reassign, with its dialog: shown where the viewer's load actions include `assign`. */
export function AssignButton({
  freightId,
  assignment,
  variant = 'solid',
}: {
  freightId: string;
  assignment: LoadAssignmentDto | null;
  variant?: 'solid' | 'outline';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant={variant}
        alignSelf="flex-start"
        onClick={() => setOpen(true)}
        data-testid="assign-open"
      >
        {assignment ? 'Reassign' : 'Assign truck and driver'}
      </Button>
      <FormDialog
        title="Assign truck and driver"
        open={open}
        onClose={() => setOpen(false)}
        placement="center"
      >
        {open && <AssignForm freightId={freightId} current={assignment} onClose={() => setOpen(false)} />}
      </FormDialog>
    </>
  );
}

function AssignForm({
  freightId,
  current,
  onClose,
}: {
  freightId: string;
  current: LoadAssignmentDto | null;
  onClose: () => void;
}) {
  const trucks = useTrucksStore((s) => s.items);
  const loadTrucks = useTrucksStore((s) => s.load);
  const drivers = useDriversStore((s) => s.items);
  const loadDrivers = useDriversStore((s) => s.load);
  useEffect(() => {
    void loadTrucks();
    void loadDrivers();
  }, [loadTrucks, loadDrivers]);
  const [truckId, setTruckId] = useState(current?.truckId ?? '');
  const [driverId, setDriverId] = useState(current?.driverId ?? '');
  const [sharePhone, setSharePhone] = useState(Boolean(current?.driverPhone));
  const [overrideReason, setOverrideReason] = useState('');
  const { submit, pending } = useSubmit(
    () =>
      apiRequest('POST', `/api/freight/${freightId}/assignment`, {
        truckId,
        driverId,
        shareDriverPhone: sharePhone,
        ...(overrideReason.trim() ? { overrideReason: overrideReason.trim() } : {}),
      }),
    { success: 'Truck and driver assigned', failure: 'refusal', onSuccess: onClose },
  );
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label="Truck" required>
            <SelectInput
              value={truckId}
              onChange={setTruckId}
              placeholder="Choose a truck"
              options={trucks.map((t) => ({
                value: t.id,
                label: `Unit ${t.unitNumber} · ${EQUIPMENT_LABELS[t.kind] ?? t.kind} · ${TRUCK_STATUS_LABELS[t.status]}`,
              }))}
            />
          </FormField>
          <FormField label="Driver" required>
            <SelectInput
              value={driverId}
              onChange={setDriverId}
              placeholder="Choose a driver"
              options={drivers.map((d) => ({
                value: d.id,
                label: `${d.firstName} ${d.lastName}${d.assignable ? '' : ` (can’t be assigned: ${d.unassignableReason})`}`,
              }))}
            />
          </FormField>
          <Checkbox.Root checked={sharePhone} onCheckedChange={(e) => setSharePhone(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Share the driver’s phone with the poster</Checkbox.Label>
          </Checkbox.Root>
          <FormField
            label="Override reason"
            helperText="Only to put a truck or driver that is on another active load on this one too"
          >
            <Input value={overrideReason} onChange={(e) => setOverrideReason(e.target.value)} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        cancelDisabled={pending}
        submitLabel="Assign"
        pendingLabel="Assigning..."
        pending={pending}
        onSubmit={() => void submit()}
      />
    </>
  );
}
