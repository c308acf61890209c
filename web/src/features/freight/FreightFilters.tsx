import { Button, Card, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { LOAD_BOARD_EQUIPMENT } from '@freight/shared';
import type { FormEvent, ReactNode } from 'react';
import { FormField } from '../../components/FormField';
import { useFreightStore } from '../../stores/freight';
import { equipmentLabel } from './format';

/** The collapsible filter panel (SPEC §2); the server applies the filters (GET /api/freight). */
export function FreightFilters({ extra }: { extra?: ReactNode }) {
  const filters = useFreightStore((s) => s.filters);
  const setFilter = useFreightStore((s) => s.setFilter);
  const search = useFreightStore((s) => s.search);
  const clearFilters = useFreightStore((s) => s.clearFilters);
  const total = useFreightStore((s) => s.total);
  const boardTotal = useFreightStore((s) => s.boardTotal);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void search();
  };

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} aria-label="Load board filters">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormField label="Origin City">
              <Input
                value={filters.originCity}
                onChange={(e) => setFilter('originCity', e.target.value)}
                placeholder="Any city"
              />
            </FormField>
            <FormField label="Destination City">
              <Input
                value={filters.destinationCity}
                onChange={(e) => setFilter('destinationCity', e.target.value)}
                placeholder="Any city"
              />
            </FormField>
            <FormField label="Equipment Type">
              <NativeSelect.Root>
                <NativeSelect.Field
                  aria-label="Equipment Type"
                  value={filters.equipmentType}
                  onChange={(e) => setFilter('equipmentType', e.currentTarget.value)}
                >
                  <option value="">All equipment</option>
                  {LOAD_BOARD_EQUIPMENT.map((e) => (
                    <option key={e} value={e}>
                      {equipmentLabel(e)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Min Rate ($)">
              <Input
                type="number"
                min={0}
                step={0.01}
                value={filters.minRate}
                onChange={(e) => setFilter('minRate', e.target.value)}
              />
            </FormField>
            <FormField label="Max Rate ($)">
              <Input
                type="number"
                min={0}
                step={0.01}
                value={filters.maxRate}
                onChange={(e) => setFilter('maxRate', e.target.value)}
              />
            </FormField>
            <FormField label="Pickup Date From">
              <Input
                type="date"
                value={filters.pickupDateStart}
                onChange={(e) => setFilter('pickupDateStart', e.target.value)}
              />
            </FormField>
          </SimpleGrid>
          <HStack mt="4" gap="3" wrap="wrap">
            <Button type="submit" colorPalette="blue">
              Search ({total})
            </Button>
            <Button variant="outline" onClick={() => void clearFilters()}>
              Clear Filters
            </Button>
            {extra}
            <Text color="gray.600" fontSize="sm" data-testid="showing-count">
              Showing {total} of {boardTotal} loads
            </Text>
          </HStack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
