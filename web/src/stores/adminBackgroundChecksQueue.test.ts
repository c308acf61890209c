import { describe, expect, it } from 'vitest';
import type { PendingBackgroundCheckDto } from '@freight/shared';
import { applyCheckQueueChange } from './adminBackgroundChecksQueue';

const check = (id: string) => ({ id }) as PendingBackgroundCheckDto;

describe('applyCheckQueueChange', () => {
  it('appends a submitted check once the end of the queue is loaded, and never twice', () => {
    const queue = { items: [check('a')], total: 1 };
    const added = { reason: 'submitted' as const, checkId: 'b', added: check('b'), pendingCount: 2 };
    const next = applyCheckQueueChange(queue, added);
    expect(next).toEqual({ items: [check('a'), check('b')], total: 2 });
    expect(applyCheckQueueChange(next, added)).toEqual({ items: [check('a'), check('b')], total: 2 });
  });

  it('only counts a submitted check while later pages are not loaded', () => {
    const queue = { items: [check('a')], total: 4 };
    const next = applyCheckQueueChange(queue, {
      reason: 'submitted',
      checkId: 'b',
      added: check('b'),
      pendingCount: 5,
    });
    expect(next).toEqual({ items: [check('a')], total: 5 });
  });

  it('drops a reviewed check (another admin decided)', () => {
    const queue = { items: [check('a'), check('b')], total: 2 };
    const next = applyCheckQueueChange(queue, {
      reason: 'reviewed',
      checkId: 'a',
      added: null,
      pendingCount: 1,
    });
    expect(next).toEqual({ items: [check('b')], total: 1 });
  });
});
