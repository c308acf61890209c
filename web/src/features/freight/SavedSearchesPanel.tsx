import { Badge, Button, Card, Dialog, HStack, Heading, Stack, Switch, Text } from '@chakra-ui/react';
import {
  EMPTY_LOAD_BOARD_FILTERS,
  savedSearchFiltersOf,
  savedSearchSchema,
  type LoadBoardFilters,
  type SavedSearchDto,
} from '@freight/shared';
import { useEffect, useState } from 'react';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { InputField } from '../../components/InputField';
import { selectItems, selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useFreightStore } from '../../stores/freight';
import { useSavedSearchesStore } from '../../stores/savedSearches';

/** Fields read as one phrase below (the points and their radii) rather than one by one. */
const PHRASED = new Set([
  'lat',
  'lng',
  'radius',
  'originPlace',
  'destinationLat',
  'destinationLng',
  'destinationRadius',
]);

function describe(f: SavedSearchDto['filters']): string {
  const parts: string[] = [];
  if (f.lat !== undefined)
    parts.push(`within ${f.radius ?? 50} mi of ${f.originPlace ?? `${f.lat}, ${f.lng}`}`);
  if (f.destinationLat !== undefined) parts.push(`destination within ${f.destinationRadius ?? 50} mi`);
  for (const [k, v] of Object.entries(f)) if (!PHRASED.has(k)) parts.push(`${k}: ${String(v)}`);
  return parts.length ? parts.join(', ') : 'All loads';
}

function toBoardFilters(f: SavedSearchDto['filters']): LoadBoardFilters {
  const out: LoadBoardFilters = { ...EMPTY_LOAD_BOARD_FILTERS };
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null) continue;
    if (k === 'radius' || k === 'destinationRadius') out[k] = Number(v);
    else if (k === 'originPlace' || k === 'destinationPlace') out[k] = String(v);
    else if (k in out) (out as unknown as Record<string, string>)[k] = String(v);
  }
  return out;
}

/** 'Save Search' for the current filters (opens a name dialog). */
export function SaveSearchButton() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const save = useSavedSearchesStore((s) => s.save);
  const filters = useFreightStore((s) => s.filters);
  // The server's own rule (shared schema): a search needs at least one filter.
  const checked = savedSearchSchema.shape.filters.safeParse(savedSearchFiltersOf(filters));
  const filterError = checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid filters');

  const { submit: saveSearch, pending: saving } = useSubmit(save, {
    successTitle: 'Search saved',
    success: 'You will be notified when a matching load is posted.',
    failure: { fallback: 'Failed to save search' },
    onSuccess: () => {
      setOpen(false);
      setName('');
    },
    resetOnSuccess: true,
  });

  const submit = async () => {
    if (!name.trim() || filterError) return;
    await saveSearch(name.trim(), filters);
  };

  return (
    <FormDialog
      title="Save Search"
      open={open}
      onClose={() => setOpen(false)}
      placement="center"
      trigger={<Button variant="outline">Save Search</Button>}
    >
      <Dialog.Body>
        <InputField
          label="Search Name"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Chicago reefers"
        />
        {filterError && (
          <Text mt="3" color="fg.error" textStyle="sm" role="alert">
            {filterError}
          </Text>
        )}
      </Dialog.Body>
      <FormDialogFooter
        onCancel={() => setOpen(false)}
        submitLabel="Save"
        pendingLabel="Saving..."
        pending={saving}
        disabled={!name.trim() || Boolean(filterError)}
        onSubmit={() => void submit()}
      />
    </FormDialog>
  );
}

/** The carrier's saved searches: apply, alerts on or off, delete. */
export function SavedSearchesPanel() {
  const items = useSavedSearchesStore(selectItems);
  const status = useSavedSearchesStore(selectStatus);
  const load = useSavedSearchesStore((s) => s.load);
  const setAlerts = useSavedSearchesStore((s) => s.setAlerts);
  const deleteSearch = useSavedSearchesStore((s) => s.deleteSearch);
  const applyFilters = useFreightStore((s) => s.applyFilters);
  const { confirm, dialog: confirmDialog } = useConfirm();
  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);
  if (items.length === 0) return null;
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Heading as="h2" size="sm">
          Saved Searches
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          {items.map((s) => (
            <HStack key={s.id} justify="space-between" wrap="wrap" gap="2">
              <Stack gap="0">
                <HStack>
                  <Text fontWeight="medium">{s.name}</Text>
                  {s.alertsEnabled && <Badge colorPalette="blue">Alerts on</Badge>}
                </HStack>
                <Text fontSize="xs" color="gray.600">
                  {describe(s.filters)}
                </Text>
              </Stack>
              <HStack>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => void applyFilters(toBoardFilters(s.filters))}
                >
                  Apply
                </Button>
                <Switch.Root
                  size="sm"
                  checked={s.alertsEnabled}
                  onCheckedChange={(e) => void setAlerts(s.id, e.checked)}
                >
                  <Switch.HiddenInput aria-label={`Alerts for ${s.name}`} />
                  <Switch.Control />
                  <Switch.Label>Alerts</Switch.Label>
                </Switch.Root>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() =>
                    confirm({
                      title: 'Delete this saved search?',
                      body: `"${s.name}" and its alerts are deleted. This cannot be undone.`,
                      confirmLabel: 'Delete Search',
                      onConfirm: () => void deleteSearch(s.id),
                    })
                  }
                >
                  Delete
                </Button>
              </HStack>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
      {confirmDialog}
    </Card.Root>
  );
}
