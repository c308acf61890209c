import { rooms } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { publish } from '../../realtime/publish';

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
