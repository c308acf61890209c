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
import { useFreightStore } from '../../stores/freight';
import { equipmentLabel } from './format';
import {
  RADIUS_CHOICES,
  hasMoreFilters,
  searchFilterIssues,
  toggleEquipment,
  type SearchFilterIssues,
} from './searchFilters';

const EQUIPMENT_OPTIONS = LOAD_BOARD_EQUIPMENT.map((e) => ({ value: e, label: equipmentLabel(e) }));
const RADIUS_OPTIONS = RADIUS_CHOICES.map((r) => ({ value: String(r), label: `${r} miles` }));
const PLACE_KEYS = {
  origin: { label: 'originPlace', lat: 'lat', lng: 'lng', radius: 'radius' },
  destination: {
    label: 'destinationPlace',
    lat: 'destinationLat',
    lng: 'destinationLng',
    radius: 'destinationRadius',
  },
} as const;

type TextKey =
  | 'originCity'
  | 'destinationCity'
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
  const search = useFreightStore((s) => s.search);
  const clearFilters = useFreightStore((s) => s.clearFilters);
  const total = useFreightStore((s) => s.total);
  const boardTotal = useFreightStore((s) => s.boardTotal);
  const [more, setMore] = useState(() => hasMoreFilters(filters));
  const [issues, setIssues] = useState<SearchFilterIssues>({});
  const moreId = useId();

  const bind = (key: TextKey) => ({
    value: filters[key],
    onChange: (e: { target: { value: string } }) => setFilter(key, e.target.value),
  });
  const setPlace =
    (
      label: 'originPlace' | 'destinationPlace',
      lat: 'lat' | 'destinationLat',
      lng: 'lng' | 'destinationLng',
    ) =>
    (text: string, place: { lat: number; lng: number } | null) => {
      setFilter(label, text);
      setFilter(lat, place ? String(place.lat) : '');
      setFilter(lng, place ? String(place.lng) : '');
      setIssues((i) => ({ ...i, [label]: undefined }));
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = searchFilterIssues(filters);
    setIssues(found);
    if (Object.keys(found).length > 0) {
      setMore(true);
      return;
    }
    void search();
  };
  const chosenEquipment = new Set(filters.equipmentTypes.split(',').filter(Boolean));
  /** A place input and its radius: the origin's (deadhead) or the destination's. */
  const placeAndRadius = (end: 'origin' | 'destination') => {
    const keys = PLACE_KEYS[end];
    return (
      <>
        <PlaceInput
          label={end === 'origin' ? 'Origin (city or ZIP)' : 'Destination (city or ZIP)'}
          value={filters[keys.label]}
          onChange={setPlace(keys.label, keys.lat, keys.lng)}
          placeholder={end === 'origin' ? 'e.g. Elko, NV or 89801' : 'e.g. Boise, ID'}
          error={issues[keys.label]}
        />
        <FormField label={end === 'origin' ? 'Deadhead Radius' : 'Destination Radius'}>
          <SelectInput
            value={String(filters[keys.radius])}
            onChange={(v) => setFilter(keys.radius, Number(v))}
            options={RADIUS_OPTIONS}
          />
        </FormField>
      </>
    );
  };

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} aria-label="Load board filters" noValidate>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <InputField label="Origin City" {...bind('originCity')} placeholder="Any city" />
            <InputField label="Destination City" {...bind('destinationCity')} placeholder="Any city" />
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
                {placeAndRadius('origin')}
                <InputField label="Pickup Date To" type="date" {...bind('pickupDateEnd')} />
                {placeAndRadius('destination')}
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
          <FilterActions total={total} onClear={() => void clearFilters()}>
            {extra}
            <Text color="gray.600" fontSize="sm" data-testid="showing-count">
              Showing {total} of {boardTotal} loads
            </Text>
          </FilterActions>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
