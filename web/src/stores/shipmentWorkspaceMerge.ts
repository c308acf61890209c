import type { ShipmentMessageDto, ShipmentReportDto, SmallShipmentStatus } from '@freight/shared';
import type { ShipmentWorkspace } from './shipmentWorkspace';

/** Merges by id and orders by seq: a message seen live and again in a fetched page appears once. */
export function mergeById(
  existing: ShipmentMessageDto[],
  incoming: ShipmentMessageDto[],
): ShipmentMessageDto[] {
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The workspace after a report: the report once, and the shipment's new status. */
export function withReport(
  ws: ShipmentWorkspace,
  report: ShipmentReportDto,
  status: SmallShipmentStatus,
): Pick<ShipmentWorkspace, 'reports' | 'shipment'> {
  const reports = ws.reports.some((r) => r.kind === report.kind) ? ws.reports : [...ws.reports, report];
  return { reports, shipment: { ...ws.shipment, status } };
}
