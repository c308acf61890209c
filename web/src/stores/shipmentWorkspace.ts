import type {
  Page,
  ServerEventPayload,
  ShipmentMessageDto,
  ShipmentMessagesPageDto,
  ShipmentPhotoDto,
  ShipmentReportDto,
  ShipmentReportKind,
  ShipmentWorkspaceDto,
  SmallShipmentDto,
} from '@freight/shared';
import { apiRequest, errorMessage, logFailure } from '../lib/api';
import { createDetailStore } from '../lib/resourceStore';
import { mergeById, withReport } from './shipmentWorkspaceMerge';

/** A matched shipment's workspace as on screen: the shipment and parties, its chat and its photos. */
export interface ShipmentWorkspace extends ShipmentWorkspaceDto {
  /** Ordered by seq, each id once. */
  messages: ShipmentMessageDto[];
  /** Newest first. */
  photos: ShipmentPhotoDto[];
  /** Why there is no chat yet (no driver matched), else null. */
  chatUnavailable: string | null;
}

interface ShipmentWorkspaceActions {
  send: (shipmentId: string, message: string) => Promise<ShipmentMessageDto>;
  uploadPhoto: (shipmentId: string, file: File, description?: string) => Promise<ShipmentPhotoDto>;
  report: (shipmentId: string, kind: ShipmentReportKind) => Promise<void>;
  /** Messages after the last one shown (on joining the room, after an outage). */
  catchUp: (shipmentId: string) => Promise<void>;
  receiveMessage: (payload: ServerEventPayload<'shipment:message'>) => void;
  receivePhoto: (payload: ServerEventPayload<'shipment:photo'>) => void;
  receiveReport: (payload: ServerEventPayload<'shipment:report'>) => void;
  /** `smallShipment:updated`: the status follows (the drivers' role room carries no addresses: only the status). */
  receiveShipment: (shipment: SmallShipmentDto) => void;
}

const base = (id: string) => `/api/small-shipments/${id}`;

function newClientMessageId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The open shipment's workspace (issue 23), live through socketRoutes in the room shipment:<id>. */
export const useShipmentWorkspaceStore = createDetailStore<ShipmentWorkspace, ShipmentWorkspaceActions>({
  name: 'the shipment',
  fetch: async (id) => {
    const ws = await apiRequest<ShipmentWorkspaceDto>('GET', `${base(id)}/workspace`);
    if (!ws.driver) return { ...ws, messages: [], photos: [], chatUnavailable: null };
    const [chat, photos] = await Promise.all([
      apiRequest<ShipmentMessagesPageDto>('GET', `${base(id)}/messages?pageSize=100`).catch((err) => {
        logFailure('Loading the shipment chat', err);
        return { messages: [], hasMore: false, error: errorMessage(err) };
      }),
      apiRequest<Page<ShipmentPhotoDto>>('GET', `${base(id)}/photos?pageSize=50`),
    ]);
    return {
      ...ws,
      messages: chat.messages,
      photos: photos.items,
      chatUnavailable: 'error' in chat ? chat.error : null,
    };
  },
  extend: (_set, get) => {
    const data = (id: string) => get().byId[id]?.data;
    return {
      send: async (shipmentId, message) => {
        const sent = await apiRequest<ShipmentMessageDto>('POST', `${base(shipmentId)}/messages`, {
          message,
          messageType: 'text',
          clientMessageId: newClientMessageId(),
        });
        get().receiveMessage({ shipmentId, message: sent });
        return sent;
      },
      uploadPhoto: async (shipmentId, file, description) => {
        const form = new FormData();
        if (description) form.append('description', description);
        form.append('photo', file);
        const photo = await apiRequest<ShipmentPhotoDto>('POST', `${base(shipmentId)}/photos`, form);
        get().receivePhoto({ shipmentId, photo });
        return photo;
      },
      report: async (shipmentId, kind) => {
        const done = await apiRequest<{ report: ShipmentReportDto; shipment: SmallShipmentDto }>(
          'POST',
          `${base(shipmentId)}/reports`,
          { kind },
        );
        get().receiveReport({ shipmentId, ...done });
      },
      catchUp: async (shipmentId) => {
        const ws = data(shipmentId);
        if (!ws?.driver) return;
        const after = ws.messages.at(-1)?.seq ?? 0;
        try {
          const page = await apiRequest<ShipmentMessagesPageDto>(
            'GET',
            `${base(shipmentId)}/messages?after=${after}&pageSize=100`,
          );
          const current = data(shipmentId);
          if (current) get().patch(shipmentId, { messages: mergeById(current.messages, page.messages) });
        } catch (err) {
          logFailure('Catching up the shipment chat', err);
        }
      },
      receiveMessage: ({ shipmentId, message }) => {
        const ws = data(shipmentId);
        if (ws) get().patch(shipmentId, { messages: mergeById(ws.messages, [message]) });
      },
      receivePhoto: ({ shipmentId, photo }) => {
        const ws = data(shipmentId);
        if (ws && !ws.photos.some((p) => p.id === photo.id))
          get().patch(shipmentId, { photos: [photo, ...ws.photos] });
      },
      receiveReport: ({ shipmentId, report, shipment }) => {
        const ws = data(shipmentId);
        if (ws) get().patch(shipmentId, withReport(ws, report, shipment.status));
      },
      receiveShipment: (shipment) => {
        const ws = data(shipment.id);
        if (!ws) return;
        // Matched while open: the driver, the contacts and the chat come with a fresh read.
        if (!ws.driver && shipment.status !== 'posted') void get().load(shipment.id);
        else get().patch(shipment.id, { shipment: { ...ws.shipment, status: shipment.status } });
      },
    };
  },
});
