import { Card, SimpleGrid, Text } from '@chakra-ui/react';
import { LOAD_BOARD_EQUIPMENT } from '@freight/shared';
import type { FormEvent, ReactNode } from 'react';
import { FilterActions } from '../../components/FilterActions';
import { FormField } from '../../components/FormField';
import { InputField, MONEY_INPUT } from '../../components/InputField';
import { SelectInput } from '../../components/SelectInput';
import { useFreightStore } from '../../stores/freight';
import { equipmentLabel } from './format';

const EQUIPMENT_OPTIONS = LOAD_BOARD_EQUIPMENT.map((e) => ({ value: e, label: equipmentLabel(e) }));

/** The collapsible filter panel (SPEC §2); the server applies the filters (GET /api/freight). */
export function FreightFilters({ extra }: { extra?: ReactNode }) {
  const filters = useFreightStore((s) => s.filters);
  const setFilter = useFreightStore((s) => s.setFilter);
  const search = useFreightStore((s) => s.search);
  const clearFilters = useFreightStore((s) => s.clearFilters);
  const total = useFreightStore((s) => s.total);
  const boardTotal = useFreightStore((s) => s.boardTotal);

  const bind = (key: 'originCity' | 'destinationCity' | 'minRate' | 'maxRate' | 'pickupDateStart') => ({
    value: filters[key],
    onChange: (e: { target: { value: string } }) => setFilter(key, e.target.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search();
  };

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} aria-label="Load board filters">
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
