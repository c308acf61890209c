// Aging of open invoices (issue 40): whole days past the due date, in the five buckets both sides see.
import { describe, expect, it } from 'vitest';
import { agingBucketOf, agingOf, daysPastDue, invoiceNumber } from './invoices';

const DAY = 86_400_000;
const due = new Date('2030-05-01T12:00:00Z');
const after = (days: number, ms = 0) => new Date(due.getTime() + days * DAY + ms);

describe('invoice aging', () => {
  it('counts whole days past due, none before or on the due time', () => {
    expect(daysPastDue(due, after(-3))).toBe(0);
    expect(daysPastDue(due, due)).toBe(0);
    expect(daysPastDue(due, after(0, DAY - 1))).toBe(0);
    expect(daysPastDue(due.toISOString(), after(1))).toBe(1);
  });

  it.each([
    [0, 'current'],
    [1, '1-30'],
    [30, '1-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
  ] as const)('%i days past due is %s', (days, bucket) => {
    expect(agingBucketOf(due, after(days))).toBe(bucket);
  });

  it('sums the open invoices only, hidden amounts as zero', () => {
    const dueAt = due.toISOString();
    const aging = agingOf(
      [
        { status: 'submitted', dueAt, totalCents: 10_000 },
        { status: 'scheduled', dueAt, totalCents: 2_550 },
        { status: 'disputed', dueAt, totalCents: null },
        { status: 'paid', dueAt, totalCents: 99_999 },
        { status: 'replaced', dueAt, totalCents: 99_999 },
      ],
      after(45),
    );
    expect(aging['31-60']).toEqual({ count: 3, cents: 12_550 });
    expect(aging.current).toEqual({ count: 0, cents: 0 });
  });

  it('numbers invoices with six digits', () => {
    expect(invoiceNumber(42)).toBe('INV-000042');
  });
});
