import { describe, expect, it } from 'vitest';
import { companySuffix } from './personName';

describe('companySuffix', () => {
  it('names a company that is not the person', () => {
    expect(companySuffix('Luis Carrillo', 'Ridgeline Hauling')).toBe(' (Ridgeline Hauling)');
  });
  it('says nothing when the company is the person’s own name, whatever its case and spacing', () => {
    expect(companySuffix('Luis Carrillo', 'Luis Carrillo')).toBe('');
    expect(companySuffix('Luis Carrillo', ' luis  carrillo ')).toBe('');
  });
  it('says nothing without a company', () => {
    expect(companySuffix('Luis Carrillo', null)).toBe('');
    expect(companySuffix('Luis Carrillo', '  ')).toBe('');
  });
});
