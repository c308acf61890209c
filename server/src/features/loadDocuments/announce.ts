import { rooms, type LoadDocumentDto } from '@freight/shared';
import { publish } from '../../realtime/publish';

/** A document of the load is ready: the load's tracking page shows its download link at once. */
export function announceLoadDocumentReady(freightId: string, document: LoadDocumentDto): void {
  publish('freight:document', rooms.freight(freightId), { freightId, document });
}
