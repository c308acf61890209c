import {
  Badge,
  Button,
  Card,
  Dialog,
  HStack,
  Heading,
  List,
  Spinner,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import {
  EMPTY_LOAD_BOARD_FILTERS,
  savedSearchFiltersOf,
  savedSearchSchema,
  type LoadBoardFilters,
  type SavedSearchDto,
} from '@freight/shared';
import { useEffect, useId, useState } from 'react';
import { CheckboxField } from '../../components/CheckboxField';
import { useConfirm } from '../../components/ConfirmDialog';
import { FormDialog, FormDialogFooter } from '../../components/FormDialog';
import { InputField } from '../../components/InputField';
import { errorMessage, isSessionLost, logFailure } from '../../lib/api';
import { looksLikePlace, resolvePlaceText } from '../../lib/places';
import { selectItems, selectStatus } from '../../lib/resourceStore';
import { useSubmit } from '../../lib/useSubmit';
import { useFreightStore } from '../../stores/freight';
import { useSavedSearchesStore } from '../../stores/savedSearches';
import { describeSearch, resolveBoardPlaces } from './searchFilters';

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

/** The search as it will be saved: the panel's filters with typed places looked up, or why it cannot be. */
type Prepared =
  { status: 'preparing' } | { status: 'ready'; filters: Record<string, string>; problem: string | null };

interface SaveSearchButtonProps {
  /** Signed out, the button asks to sign in (the board keeps the filters and opens the dialog after). */
  signedIn: boolean;
  onSignIn: () => void;
  /** Open the dialog at once (coming back from signing in to save). */
  openAtStart?: boolean;
}

/**
 * 'Save Search' for the current filters (issue 23): a dialog with the search in words, its name and alerts (on by
 * default). It says why a search cannot be saved: no filter set, an unknown place, the cap (the server's answer).
 */
export function SaveSearchButton({ signedIn, onSignIn, openAtStart = false }: SaveSearchButtonProps) {
  const [open, setOpen] = useState(false);
  const start = () => {
    if (!signedIn) onSignIn();
    else setOpen(true);
  };
  useEffect(() => {
    if (openAtStart && signedIn) setOpen(true);
  }, [openAtStart, signedIn]);
  return (
    <>
      <Button variant="outline" onClick={start}>
        Save Search
      </Button>
      <FormDialog title="Save Search" open={open} onClose={() => setOpen(false)} placement="center">
        <SaveSearchForm onClose={() => setOpen(false)} />
      </FormDialog>
    </>
  );
}

function SaveSearchForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [alerts, setAlerts] = useState(true);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [prepared, setPrepared] = useState<Prepared>({ status: 'preparing' });
  const save = useSavedSearchesStore((s) => s.save);
  const setFilters = useFreightStore((s) => s.setFilters);

  // Once per opening: the panel's filters with their places looked up (the form mounts on open).
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const { filters, issues } = await resolveBoardPlaces(
          useFreightStore.getState().filters,
          resolvePlaceText,
          looksLikePlace,
        );
        if (!live) return;
        const issue = Object.values(issues).find(Boolean);
        if (!issue) setFilters(filters);
        const saved = savedSearchFiltersOf(filters);
        // The server's own rule (shared schema): a search needs at least one filter.
        const checked = savedSearchSchema.shape.filters.safeParse(saved);
        const problem =
          issue ?? (checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid filters'));
        setPrepared({ status: 'ready', filters: saved, problem });
      } catch (err) {
        logFailure('Preparing the search to save', err);
        if (live && !isSessionLost(err)) {
          setPrepared({
            status: 'ready',
            filters: {},
            problem: errorMessage(err, 'Could not read the search'),
          });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [setFilters]);

  const { submit: saveSearch, pending: saving } = useSubmit(save, {
    successTitle: 'Search saved',
    success: (result) =>
      result.alertsEnabled
        ? 'You will be notified when a matching load is posted.'
        : 'Alerts are off for this search.',
    failure: { fallback: 'Failed to save search' },
    onFailure: (err) => setRefusal(errorMessage(err, 'Failed to save search')),
    onSuccess: onClose,
  });

  const ready = prepared.status === 'ready' && !prepared.problem;
  const submit = async () => {
    if (!name.trim() || prepared.status !== 'ready' || prepared.problem) return;
    setRefusal(null);
    await saveSearch(name.trim(), prepared.filters, alerts);
  };

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          {prepared.status === 'preparing' ? (
            <HStack color="gray.600">
              <Spinner size="sm" />
              <Text>Reading your filters…</Text>
            </HStack>
          ) : prepared.problem ? (
            <Text color="fg.error" textStyle="sm" role="alert">
              {prepared.problem}
            </Text>
          ) : (
            <Stack gap="1">
              <Text textStyle="sm" color="gray.600">
                This search
              </Text>
              <Text fontWeight="medium" data-testid="save-search-summary">
                {describeSearch(prepared.filters)}
              </Text>
            </Stack>
          )}
          <InputField
            label="Search Name"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. Chicago reefers"
          />
          <CheckboxField
            label="Alert me when a matching load is posted"
            checked={alerts}
            onChange={setAlerts}
          />
          {refusal && (
            <Text color="fg.error" textStyle="sm" role="alert">
              {refusal}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        onCancel={onClose}
        submitLabel="Save"
        pendingLabel="Saving..."
        pending={saving}
        disabled={!name.trim() || !ready}
        onSubmit={() => void submit()}
      />
    </>
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
  const headingId = useId();
  useEffect(() => {
    if (status === 'idle') void load();
  }, [status, load]);
  if (items.length === 0) return null;
  return (
    <Card.Root size="sm" as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="sm" id={headingId}>
          Saved Searches
        </Heading>
      </Card.Header>
      <Card.Body>
        <List.Root as="ul" listStyle="none" gap="3">
          {items.map((s) => (
            <List.Item key={s.id} display="flex" justifyContent="space-between" flexWrap="wrap" gap="2">
              <Stack gap="0">
                <HStack>
                  <Text fontWeight="medium">{s.name}</Text>
                  {s.alertsEnabled && <Badge colorPalette="blue">Alerts on</Badge>}
                </HStack>
                <Text fontSize="xs" color="gray.600">
                  {describeSearch(s.filters)}
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
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
      {confirmDialog}
    </Card.Root>
  );
}
