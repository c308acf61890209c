import type { LoadDocumentDto, LoadDocumentListDto } from '@freight/shared';
import { apiRequest } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';

/** A load's documents (issue 16: rate confirmation, proof of delivery), by load id. */
export interface LoadDocuments {
  /** The load's id. */
  id: string;
  documents: LoadDocumentDto[];
}

interface LoadDocumentsActions {
  /** A document pushed as ready (`freight:document`): replaces its pending entry, or joins the list. */
  receive: (freightId: string, document: LoadDocumentDto) => void;
}

/** The open load's documents (the tracking page's Load documents card), live from socketRoutes. */
export const useLoadDocumentsStore = createDetailStore<LoadDocuments, LoadDocumentsActions>({
  name: 'the load documents',
  fetch: async (freightId) => ({
    id: freightId,
    documents: (await apiRequest<LoadDocumentListDto>('GET', `/api/freight/${freightId}/documents`)).items,
  }),
  extend: (_set, get) => ({
    receive: (freightId, document) => {
      const documents = get().byId[freightId]?.data?.documents;
      if (!documents) return; // not on screen: the next load brings it
      const others = documents.filter((d) => d.kind !== document.kind);
      const order = (d: LoadDocumentDto) => (d.kind === 'rate_confirmation' ? 0 : 1);
      get().patch(freightId, { documents: [...others, document].sort((a, b) => order(a) - order(b)) });
    },
  }),
});
