import { describe, expect, it } from 'vitest';
import { authorityLine, formatAge, posterLabel, tripMiles } from './format';

describe('board formatting (issue 15)', () => {
  const now = Date.parse('2031-03-01T12:00:00.000Z');
  it('reads a load age as a board does', () => {
    expect(formatAge('2031-03-01T11:59:40.000Z', now)).toBe('just now');
    expect(formatAge('2031-03-01T11:55:00.000Z', now)).toBe('5 min ago');
    expect(formatAge('2031-03-01T09:00:00.000Z', now)).toBe('3 h ago');
    expect(formatAge('2031-02-27T12:00:00.000Z', now)).toBe('2 d ago');
  });

  it('labels estimated miles and the poster with an MC number when there is one', () => {
    expect(tripMiles({ distance: 1020.4, distanceIsEstimate: true })).toBe('1,020 miles (est.)');
    expect(tripMiles({ distance: 226, distanceIsEstimate: false })).toBe('226 miles');
    expect(tripMiles({ distance: null, distanceIsEstimate: true })).toBeNull();
    expect(posterLabel({ userCompanyName: 'Acme', userMcNumber: '123456' })).toBe('Acme · MC 123456');
    expect(posterLabel({ userCompanyName: null, userMcNumber: null })).toBe('Unknown company');
  });

  it('writes road numbers only for the parties that hold them (issue 39)', () => {
    expect(authorityLine('771234', '3141592', 'carrier')).toBe('MC 771234 · USDOT 3141592');
    expect(authorityLine(null, '3141592', 'carrier')).toBe('MC not given · USDOT 3141592');
    expect(authorityLine(null, null, 'carrier')).toBe('No MC or USDOT number given');
    expect(authorityLine('771234', null, 'broker')).toBe('MC 771234');
    expect(authorityLine(null, null, 'broker')).toBe('No MC number given');
    expect(authorityLine(null, null, 'shipper')).toBeNull();
    expect(authorityLine(null, null, 'air_cargo')).toBeNull();
  });
});
