import { describe, expect, it } from 'vitest';
import type { PendingDocumentDto } from '@freight/shared';
import { applyQueueChange } from './adminQueue';

const doc = (id: string) => ({ id }) as PendingDocumentDto;

describe('applyQueueChange', () => {
  it('appends an upload once the end of the queue is loaded', () => {
    const queue = { items: [doc('a')], total: 1 };
    const next = applyQueueChange(queue, {
      reason: 'uploaded',
      documentId: 'b',
      added: doc('b'),
      pendingCount: 2,
    });
    expect(next).toEqual({ items: [doc('a'), doc('b')], total: 2 });
  });

  it('only counts an upload while later pages are not loaded', () => {
    const queue = { items: [doc('a')], total: 5 };
    const next = applyQueueChange(queue, {
      reason: 'uploaded',
      documentId: 'b',
      added: doc('b'),
      pendingCount: 6,
    });
    expect(next).toEqual({ items: [doc('a')], total: 6 });
  });

  it('does not show a known document twice', () => {
    const queue = { items: [doc('a')], total: 1 };
    const next = applyQueueChange(queue, {
      reason: 'uploaded',
      documentId: 'a',
      added: doc('a'),
      pendingCount: 1,
    });
    expect(next).toEqual({ items: [doc('a')], total: 1 });
  });

  it('drops a reviewed or expired document and takes the server count', () => {
    const queue = { items: [doc('a'), doc('b')], total: 4 };
    const next = applyQueueChange(queue, {
      reason: 'reviewed',
      documentId: 'a',
      added: null,
      pendingCount: 3,
    });
    expect(next).toEqual({ items: [doc('b')], total: 3 });
  });
});
