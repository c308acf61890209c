import { describe, expect, it } from 'vitest';
import { LOAD_BOARD_EQUIPMENT, POSTING_EQUIPMENT } from './enums';
import { boardFilterSchema, compileBoardFilter, type FreightListingDto } from './freight';
import { postLoadSchema } from './loadPosting';
import { formatUsd } from './money';

const place = { originCity: 'Fargo', originState: 'ND', destinationCity: 'Duluth', destinationState: 'MN' };
const load = (equipmentType: string) =>
  ({ ...place, id: equipmentType, equipmentType, status: 'available' }) as FreightListingDto;

describe('one equipment list (issue 14)', () => {
  it('posting offers every board type', () => {
    for (const type of LOAD_BOARD_EQUIPMENT) expect(POSTING_EQUIPMENT).toContain(type);
  });

  it("stores the old 'refrigerated' as reefer and filters both as one", () => {
    expect(postLoadSchema.parse({ ...place, equipmentType: 'refrigerated' }).equipmentType).toBe('reefer');
    expect(boardFilterSchema.parse({ equipmentType: 'refrigerated' }).equipmentType).toBe('reefer');
    // A load or a saved search stored with the old name.
    expect(compileBoardFilter({ equipmentType: 'reefer' })(load('refrigerated'))).toBe(true);
    expect(compileBoardFilter({ equipmentType: 'refrigerated' })(load('reefer'))).toBe(true);
    expect(compileBoardFilter({ equipmentType: 'reefer' })(load('dry_van'))).toBe(false);
  });

  it('prints money with thousands separators', () => {
    expect(formatUsd(2250)).toBe('$2,250.00');
    expect(formatUsd(0.5)).toBe('$0.50');
  });
});
