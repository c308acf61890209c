import { Box, Button, Card, Fieldset, SimpleGrid, Text, Wrap } from '@chakra-ui/react';
import { LOAD_BOARD_EQUIPMENT } from '@freight/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FiChevronDown, FiChevronUp } from 'react-icons/fi';
import { CheckboxField } from '../../components/CheckboxField';
import { FilterActions } from '../../components/FilterActions';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { PlaceInput } from '../../components/PlaceInput';
import { SelectInput } from '../../components/SelectInput';
import { logFailure } from '../../lib/api';
import { useFreightStore } from '../../stores/freight';
import { equipmentLabel } from './format';
import { looksLikePlace, resolvePlaceText } from '../../lib/places';
import {
  PLACE_ENDS,
  RADIUS_CHOICES,
  hasMoreFilters,
  placeText,
  resolveBoardPlaces,
  searchFilterIssues,
  toggleEquipment,
  withPlaceTyped,
  type PlaceEnd,
  type SearchFilterIssues,
} from './searchFilters';

const EQUIPMENT_OPTIONS = LOAD_BOARD_EQUIPMENT.map((e) => ({ value: e, label: equipmentLabel(e) }));
const RADIUS_OPTIONS = RADIUS_CHOICES.map((r) => ({ value: String(r), label: `${r} miles` }));
type TextKey =
  | 'minRate'
  | 'maxRate'
  | 'pickupDateStart'
  | 'pickupDateEnd'
  | 'originStates'
  | 'destinationStates'
  | 'minRatePerMile'
  | 'maxWeight'
  | 'maxLength';

/**
 * The collapsible filter panel: SPEC §2's six inputs, then "More filters" (the load-board search of issue 15: origin
 * with a deadhead radius, destination with its radius, lanes by state, several equipment types, rate per mile, the
 * truck's weight and length). The server applies them (GET /api/freight).
 */
export function FreightFilters({ extra }: { extra?: ReactNode }) {
  const filters = useFreightStore((s) => s.filters);
  const setFilter = useFreightStore((s) => s.setFilter);
  const clearFilters = useFreightStore((s) => s.clearFilters);
  const total = useFreightStore((s) => s.total);
  const boardTotal = useFreightStore((s) => s.boardTotal);
  // Before the first answer (the prerendered board, issue 24) the counts are not known yet.
  const counted = useFreightStore(
    (s) => s.items.length > 0 || (s.status !== 'idle' && s.status !== 'loading'),
  );
  const [more, setMore] = useState(() => hasMoreFilters(filters));
  const [issues, setIssues] = useState<SearchFilterIssues>({});
  const moreId = useId();

  const bind = (key: TextKey) => ({
    value: filters[key],
    onChange: (e: { target: { value: string } }) => setFilter(key, e.target.value),
  });
  const setFilters = useFreightStore((s) => s.setFilters);
  const applyFilters = useFreightStore((s) => s.applyFilters);
  const [searching, setSearching] = useState(false);
  const typePlace = (end: PlaceEnd) => (text: string, place: { lat: number; lng: number } | null) => {
    setFilters(withPlaceTyped(useFreightStore.getState().filters, end, text, place));
    setIssues((i) => ({ ...i, [PLACE_ENDS[end].text]: undefined }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = searchFilterIssues(filters);
    setIssues(found);
    if (Object.keys(found).length > 0) {
      setMore(true);
      return;
    }
    setSearching(true);
    try {
      // Places typed in full count without waiting for the suggestions (issue 23).
      const resolved = await resolveBoardPlaces(
        useFreightStore.getState().filters,
        resolvePlaceText,
        looksLikePlace,
      );
      setIssues(resolved.issues);
      if (Object.keys(resolved.issues).length > 0) return;
      await applyFilters(resolved.filters);
    } catch (err) {
      logFailure('Looking up the searched places', err);
    } finally {
      setSearching(false);
    }
  };
  const chosenEquipment = new Set(filters.equipmentTypes.split(',').filter(Boolean));
  /** Origin City or Destination City: a city or ZIP with suggestions, or part of a city's name (SPEC §5). */
  const placeField = (end: PlaceEnd) => {
    const k = PLACE_ENDS[end];
    const chosen = Boolean(filters[k.lat] && filters[k.lng]);
    return (
      <PlaceInput
        label={end === 'origin' ? 'Origin City' : 'Destination City'}
        value={placeText(filters, end)}
        onChange={typePlace(end)}
        chosen={chosen}
        placeholder={end === 'origin' ? 'e.g. Chicago, IL or 60601' : 'e.g. Dallas, TX'}
        error={issues[k.text]}
        helperText={chosen ? `Within ${filters[k.radius]} mi of ${filters[k.text]}` : undefined}
      />
    );
  };
  /** The radius around a searched place: the origin's (deadhead) or the destination's. */
  const radiusField = (end: PlaceEnd) => {
    const k = PLACE_ENDS[end];
    return (
      <FormField label={end === 'origin' ? 'Deadhead Radius' : 'Destination Radius'}>
        <SelectInput
          value={String(filters[k.radius])}
          onChange={(v) => setFilter(k.radius, Number(v))}
          options={RADIUS_OPTIONS}
        />
      </FormField>
    );
  };

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={(e) => void submit(e)} aria-label="Load board filters" noValidate>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {placeField('origin')}
            {placeField('destination')}
            <FormField label="Equipment Type">
              <SelectInput
                value={filters.equipmentType}
                onChange={(v) => setFilter('equipmentType', v)}
                options={EQUIPMENT_OPTIONS}
                placeholder="All equipment"
              />
            </FormField>
            <InputField label="Min Rate ($)" {...MONEY_INPUT} {...bind('minRate')} />
            <InputField label="Max Rate ($)" {...MONEY_INPUT} {...bind('maxRate')} />
            <InputField label="Pickup Date From" type="date" {...bind('pickupDateStart')} />
          </SimpleGrid>
          <Button
            variant="ghost"
            size="sm"
            mt="3"
            px="0"
            whiteSpace="normal"
            h="auto"
            minH="8"
            textAlign="start"
            aria-expanded={more}
            aria-controls={moreId}
            onClick={() => setMore((m) => !m)}
          >
            {more ? <FiChevronUp aria-hidden /> : <FiChevronDown aria-hidden />}
            More filters: radius, lanes, rate per mile, truck limits
          </Button>
          {more && (
            <Box id={moreId} pt="3">
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
                {radiusField('origin')}
                <InputField label="Pickup Date To" type="date" {...bind('pickupDateEnd')} />
                {radiusField('destination')}
                <InputField label="Min Rate per Mile ($)" {...MONEY_INPUT} {...bind('minRatePerMile')} />
                <InputField
                  label="Lane: Origin States"
                  placeholder="e.g. TX, OK"
                  error={issues.originStates}
                  {...bind('originStates')}
                />
                <InputField
                  label="Lane: Destination States"
                  placeholder="e.g. CA, AZ"
                  error={issues.destinationStates}
                  {...bind('destinationStates')}
                />
                <SimpleGrid columns={2} gap="4">
                  <InputField label="Max Weight (lbs)" type="number" min={0} {...bind('maxWeight')} />
                  <InputField label="Max Length (ft)" type="number" min={0} {...bind('maxLength')} />
                </SimpleGrid>
              </SimpleGrid>
              <Fieldset.Root mt="4">
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  Equipment (any of)
                </Fieldset.Legend>
                <Wrap gap="4">
                  {EQUIPMENT_OPTIONS.map((o) => (
                    <CheckboxField
                      key={o.value}
                      label={o.label}
                      checked={chosenEquipment.has(o.value)}
                      onChange={(on) =>
                        setFilter('equipmentTypes', toggleEquipment(filters.equipmentTypes, o.value, on))
                      }
                    />
                  ))}
                </Wrap>
              </Fieldset.Root>
            </Box>
          )}
          <FilterActions total={total} searching={searching} onClear={() => void clearFilters()}>
            {extra}
            <Text color="gray.600" fontSize="sm" data-testid="showing-count">
              {counted ? `Showing ${total} of ${boardTotal} loads` : 'Loading loads...'}
            </Text>
          </FilterActions>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
