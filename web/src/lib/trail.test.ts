import type { LocationPointDto } from '@freight/shared';
import { describe, expect, it } from 'vitest';
import { withPoint } from './trail';

const at = (id: string, minute: number): LocationPointDto => ({
  id,
  freightListingId: 'load',
  lat: minute,
  lng: 0,
  createdAt: new Date(Date.UTC(2026, 10, 25, 12, minute)).toISOString(),
});

describe('a pushed point on the trail', () => {
  it('goes at the end when newest, before newer points when it was kept offline, once', () => {
    let trail = [at('a', 1), at('e', 9)];
    trail = withPoint(trail, at('b', 3));
    trail = withPoint(trail, at('c', 5));
    trail = withPoint(trail, at('f', 10));
    trail = withPoint(trail, at('c', 5));
    expect(trail.map((p) => p.id)).toEqual(['a', 'b', 'c', 'e', 'f']);
  });
});
