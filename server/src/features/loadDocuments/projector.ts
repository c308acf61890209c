import { rooms } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';
import { requestLoadDocument } from './queue';
import { reissueRateConfirmation } from './service';

/**
 * A booked load's rate confirmation and a delivered load's proof of delivery are asked of the worker (or made by the
 * first download, should the job be lost). One job per load and kind, so a replay asks for nothing twice.
 */
export const loadDocumentsRequestProjector = registerProjector({
  name: 'load-documents-request',
  applicableEvents: ['load.moved'],
  async handle(event) {
    if (event.name !== 'load.moved') return;
    const { load, status } = event.data;
    if (status === 'booked') await requestLoadDocument(load.id, 'rate_confirmation');
    if (status === 'delivered') await requestLoadDocument(load.id, 'proof_of_delivery');
  },
});

/** A load's truck and driver were assigned (issue 29): its rate confirmation is made again, naming them. */
export const rateConfirmationAssignmentProjector = registerProjector({
  name: 'rate-confirmation-assignment',
  applicableEvents: ['load.assigned'],
  async handle(event) {
    if (event.name !== 'load.assigned') return;
    await reissueRateConfirmation(event.data.load.id, new Date(event.data.assignment.assignedAt));
  },
});

/** A document of the load is ready: the load's tracking page shows its download link at once. */
export const loadDocumentsLiveProjector = registerProjector({
  name: 'load-documents-live',
  applicableEvents: ['loadDocument.ready'],
  async handle(event) {
    if (event.name !== 'loadDocument.ready' || !event.loadId) return;
    publish('freight:document', rooms.freight(event.loadId), {
      freightId: event.loadId,
      document: event.data.document,
    });
  },
});
