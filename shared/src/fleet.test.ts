import { describe, expect, it } from 'vitest';
import { isValidVin, truckFitsLoad, truckInputSchema } from './fleet';

describe('isValidVin', () => {
  it('takes VINs whose check digit matches, X for 10', () => {
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true);
    expect(isValidVin('1HGCM82633A004352')).toBe(true);
    expect(isValidVin('11111111111111111')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length and I, O or Q', () => {
    expect(isValidVin('1M8GDM9A1KP042788')).toBe(false);
    expect(isValidVin('1HGCM82633A00435')).toBe(false);
    expect(isValidVin('1HGCM8263OA004352')).toBe(false);
  });
  it('says which part of the VIN is wrong', () => {
    const r = truckInputSchema.safeParse({
      unitNumber: '12',
      kind: 'dry_van',
      plate: 'abc123',
      plateState: 'NV',
      vin: '1M8GDM9A1KP042788',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/check digit/);
  });
});

describe('truckFitsLoad', () => {
  it('fits the same kind, and any truck to a power-only load', () => {
    expect(truckFitsLoad('reefer', 'refrigerated')).toBe(true);
    expect(truckFitsLoad('flatbed', 'power_only')).toBe(true);
    expect(truckFitsLoad('dry_van', 'flatbed')).toBe(false);
  });
});
