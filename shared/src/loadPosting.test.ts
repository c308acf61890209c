import { describe, expect, it } from 'vitest';
import { postLoadSchema } from './loadPosting';

const place = {
  originCity: 'Reno',
  originState: 'NV',
  destinationCity: 'Sacramento',
  destinationState: 'CA',
};
const messages = (input: unknown) => {
  const parsed = postLoadSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('stops in between (issue 39)', () => {
  it('judges their order by the dates given, the pickup first and the delivery last', () => {
    const stop = (date: string | null) => ({ kind: 'pickup', city: 'Sparks', state: 'NV', date });
    const dated = { ...place, pickupDate: '2030-03-02', deliveryDate: '2030-03-05' };
    expect(messages({ ...dated, extraStops: [stop('2030-03-03'), stop(null), stop('2030-03-04')] })).toEqual(
      [],
    );
    expect(messages({ ...dated, extraStops: [stop('2030-03-04'), stop('2030-03-03')] })).toEqual([
      'extraStops.1.date: Stops must be in order: stop 3 is dated before stop 2',
    ]);
    expect(messages({ ...dated, extraStops: [stop('2030-03-01')] })).toEqual([
      'extraStops.0.date: Stops must be in order: stop 2 is dated before the pickup',
    ]);
    expect(messages({ ...dated, extraStops: [stop('2030-03-06')] })).toEqual([
      'deliveryDate: Stops must be in order: the delivery is dated before stop 2',
    ]);
  });

  it('a list that is not one (with another field failing too) is refused, never thrown on', () => {
    for (const extraStops of [
      ['a', { $in: [1] }],
      [null],
      [{ state: 5, date: 7, appointment: { time: 9 } }],
      'x',
      12,
    ])
      expect(() => messages({ ...place, originState: 'Dallas', extraStops })).not.toThrow();
    expect(messages({ ...place, extraStops: ['a'] })).toContain(
      'extraStops.0: Invalid input: expected object, received string',
    );
  });
});
