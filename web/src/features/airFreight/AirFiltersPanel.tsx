import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import {
  AIR_WEIGHT_CLASSES,
  AIR_WEIGHT_CLASS_LABELS,
  CARGO_TYPES,
  CARGO_TYPE_LABELS,
  COUNTRY_NAMES,
} from '@freight/shared';
import type { FormEvent } from 'react';
import { FilterActions } from '../../components/FilterActions';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { plainOptions, SelectInput } from '../../components/SelectInput';
import { selectTotal } from '../../lib/resourceStore';
import type { AirFilters } from '../../stores/airFilters';
import { useAirFreightStore } from '../../stores/airFreight';

const countries = plainOptions(COUNTRY_NAMES);
const cargoTypes = CARGO_TYPES.map((c) => ({ value: c, label: CARGO_TYPE_LABELS[c] }));
const weightClasses = AIR_WEIGHT_CLASSES.map((c) => ({ value: c, label: AIR_WEIGHT_CLASS_LABELS[c] }));

/** SPEC §2/§5 air filters, applied by the server (GET /api/freight?equipmentType=air_cargo&…). */
export function AirFiltersPanel() {
  const filters = useAirFreightStore((s) => s.filters);
  const setFilter = useAirFreightStore((s) => s.setFilter);
  const search = useAirFreightStore((s) => s.search);
  const clearFilters = useAirFreightStore((s) => s.clearFilters);
  const total = useAirFreightStore(selectTotal);
  const marketTotal = useAirFreightStore((s) => s.marketTotal);

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
            <InputField label="Origin City" placeholder="Any city" {...bind('originCity')} />
            <FormField label="Origin Country">
              <SelectInput
                value={filters.originCountry}
                onChange={(v) => setFilter('originCountry', v)}
                options={countries}
                placeholder="Any country"
              />
            </FormField>
            <InputField label="Destination City" placeholder="Any city" {...bind('destinationCity')} />
            <FormField label="Destination Country">
              <SelectInput
                value={filters.destinationCountry}
                onChange={(v) => setFilter('destinationCountry', v)}
                options={countries}
                placeholder="Any country"
              />
            </FormField>
            <FormField label="Cargo Type">
              <SelectInput
                value={filters.cargoType}
                onChange={(v) => setFilter('cargoType', v)}
                options={cargoTypes}
                placeholder="All cargo types"
              />
            </FormField>
            <FormField label="Weight Class">
              <SelectInput
                value={filters.weightClass}
                onChange={(v) => setFilter('weightClass', v)}
                options={weightClasses}
                placeholder="All weight classes"
              />
            </FormField>
            <InputField label="Min Rate ($/kg)" {...MONEY_INPUT} {...bind('minRatePerKg')} />
            <InputField label="Max Rate ($/kg)" {...MONEY_INPUT} {...bind('maxRatePerKg')} />
            <InputField label="Pickup Date From" type="date" {...bind('pickupDateStart')} />
            <InputField label="Pickup Date To" type="date" {...bind('pickupDateEnd')} />
          </SimpleGrid>
          <FilterActions total={total} onClear={() => void clearFilters()}>
            <Text fontSize="sm" color="gray.600">
              Showing {total} of {marketTotal} shipments
            </Text>
          </FilterActions>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
