import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, EMPTY_SMALL_SHIPMENT, readDraft, saveDraft } from './draft';

describe('small shipment draft', () => {
  beforeEach(() => {
    const stored = new Map<string, string>();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the form across a reload until cleared', () => {
    expect(readDraft()).toBeNull();
    saveDraft({ ...EMPTY_SMALL_SHIPMENT, title: 'Sofa', isFragile: true });
    expect(readDraft()).toEqual({ ...EMPTY_SMALL_SHIPMENT, title: 'Sofa', isFragile: true });
    clearDraft();
    expect(readDraft()).toBeNull();
  });

  it('fills fields an older draft lacks, and ignores a broken one', () => {
    window.sessionStorage.setItem('freight.smallShipmentDraft', JSON.stringify({ title: 'Desk' }));
    expect(readDraft()).toEqual({ ...EMPTY_SMALL_SHIPMENT, title: 'Desk' });
    window.sessionStorage.setItem('freight.smallShipmentDraft', '{not json');
    expect(readDraft()).toBeNull();
  });

  it('survives storage being unavailable', () => {
    vi.stubGlobal('window', {});
    expect(() => saveDraft(EMPTY_SMALL_SHIPMENT)).not.toThrow();
    expect(readDraft()).toBeNull();
    expect(() => clearDraft()).not.toThrow();
  });
});
