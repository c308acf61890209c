import { Button, Card, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import {
  AIR_COUNTRIES,
  AIR_WEIGHT_CLASSES,
  AIR_WEIGHT_CLASS_LABELS,
  CARGO_TYPES,
  CARGO_TYPE_LABELS,
} from '@freight/shared';
import type { FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { useAirFreightStore, type AirFilters } from '../../stores/airFreight';

function Select({
  value,
  onChange,
  options,
  placeholder,
}: {
  value: string;
  onChange: (v: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
}) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

const countries = AIR_COUNTRIES.map((c) => ({ value: c, label: c }));

/** SPEC §2/§5 air filters, applied by the server (GET /api/freight?equipmentType=air_cargo&…). */
export function AirFiltersPanel() {
  const filters = useAirFreightStore((s) => s.filters);
  const setFilter = useAirFreightStore((s) => s.setFilter);
  const search = useAirFreightStore((s) => s.search);
  const clearFilters = useAirFreightStore((s) => s.clearFilters);
  const total = useAirFreightStore((s) => s.total);
  const count = useAirFreightStore((s) => s.items.length);

  const bind = (key: keyof AirFilters) => ({
    value: filters[key],
    onChange: (e: { target: { value: string } }) => setFilter(key, e.target.value),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search();
  };

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit}>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="4">
            <FormField label="Origin City">
              <Input placeholder="Any city" {...bind('originCity')} />
            </FormField>
            <FormField label="Origin Country">
              <Select
                value={filters.originCountry}
                onChange={(v) => setFilter('originCountry', v)}
                options={countries}
                placeholder="Any country"
              />
            </FormField>
            <FormField label="Destination City">
              <Input placeholder="Any city" {...bind('destinationCity')} />
            </FormField>
            <FormField label="Destination Country">
              <Select
                value={filters.destinationCountry}
                onChange={(v) => setFilter('destinationCountry', v)}
                options={countries}
                placeholder="Any country"
              />
            </FormField>
            <FormField label="Cargo Type">
              <Select
                value={filters.cargoType}
                onChange={(v) => setFilter('cargoType', v)}
                options={CARGO_TYPES.map((c) => ({ value: c, label: CARGO_TYPE_LABELS[c] }))}
                placeholder="All cargo types"
              />
            </FormField>
            <FormField label="Weight Class">
              <Select
                value={filters.weightClass}
                onChange={(v) => setFilter('weightClass', v)}
                options={AIR_WEIGHT_CLASSES.map((c) => ({ value: c, label: AIR_WEIGHT_CLASS_LABELS[c] }))}
                placeholder="All weight classes"
              />
            </FormField>
            <FormField label="Min Rate ($/kg)">
              <Input type="number" min="0" step="0.01" {...bind('minRate')} />
            </FormField>
            <FormField label="Max Rate ($/kg)">
              <Input type="number" min="0" step="0.01" {...bind('maxRate')} />
            </FormField>
            <FormField label="Pickup Date From">
              <Input type="date" {...bind('pickupDateStart')} />
            </FormField>
            <FormField label="Pickup Date To">
              <Input type="date" {...bind('pickupDateEnd')} />
            </FormField>
          </SimpleGrid>
          <HStack mt="4" gap="3" wrap="wrap">
            <Button type="submit" colorPalette="blue">
              Search ({total})
            </Button>
            <Button variant="outline" onClick={() => void clearFilters()}>
              Clear Filters
            </Button>
            <Text fontSize="sm" color="gray.600">
              Showing {count} of {total} shipments
            </Text>
          </HStack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
