import { EMPTY_LOAD_BOARD_FILTERS } from '@freight/shared';
import { describe, expect, it } from 'vitest';
import { hasMoreFilters, searchFilterIssues, toggleEquipment } from './searchFilters';

const filters = (changes: Partial<typeof EMPTY_LOAD_BOARD_FILTERS>) => ({
  ...EMPTY_LOAD_BOARD_FILTERS,
  ...changes,
});

describe('board search filters', () => {
  it('asks for a place chosen from the suggestions, not just typed', () => {
    expect(searchFilterIssues(filters({ originPlace: 'Elko' })).originPlace).toMatch(/Choose the origin/);
    expect(searchFilterIssues(filters({ originPlace: 'Elko, NV', lat: '40.8', lng: '-115.7' }))).toEqual({});
    expect(searchFilterIssues(filters({ destinationPlace: 'Bo' })).destinationPlace).toMatch(/destination/);
  });

  it('reads lanes as two-letter codes separated by commas', () => {
    expect(searchFilterIssues(filters({ originStates: 'tx, OK' }))).toEqual({});
    expect(searchFilterIssues(filters({ destinationStates: 'Texas' })).destinationStates).toMatch(
      /Two-letter/,
    );
    expect(searchFilterIssues(filters({ originStates: 'TX,,OK' })).originStates).toBeDefined();
  });

  it('opens the extra fields when one is set, and toggles equipment in a comma list', () => {
    expect(hasMoreFilters(EMPTY_LOAD_BOARD_FILTERS)).toBe(false);
    expect(hasMoreFilters(filters({ maxWeight: '40000' }))).toBe(true);
    expect(toggleEquipment('', 'reefer', true)).toBe('reefer');
    expect(toggleEquipment('reefer', 'flatbed', true)).toBe('reefer,flatbed');
    expect(toggleEquipment('reefer,flatbed', 'reefer', false)).toBe('flatbed');
  });
});
