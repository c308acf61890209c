import type { ShipmentMessageDto, ShipmentReportDto } from '@freight/shared';
import { describe, expect, it } from 'vitest';
import type { ShipmentWorkspace } from './shipmentWorkspace';
import { mergeById, withReport } from './shipmentWorkspaceMerge';

const msg = (id: string, seq: number) => ({ id, seq, message: id }) as ShipmentMessageDto;

describe('shipment workspace merges', () => {
  it('a message pushed and fetched again appears once, in seq order', () => {
    const merged = mergeById([msg('b', 2), msg('a', 1)], [msg('c', 3), msg('b', 2)]);
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('a report seen twice (its answer and its push) is kept once, and the status follows', () => {
    const report = { id: 'r', kind: 'picked_up', at: '', shipmentId: 's' } as ShipmentReportDto;
    const ws = { reports: [], shipment: { status: 'matched' } } as unknown as ShipmentWorkspace;
    const once = withReport(ws, report, 'picked_up');
    const twice = withReport({ ...ws, ...once }, report, 'picked_up');
    expect(twice.reports).toHaveLength(1);
    expect(twice.shipment.status).toBe('picked_up');
  });
});
