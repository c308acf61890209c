// A matched small shipment's workspace (issue 23 item 4): both sides' contacts, the addresses for the matched driver,
// chat and photos between the customer and the driver, and the driver's status reports.
import { z } from 'zod';
import type { Ack } from './api';
import { CHAT_MESSAGE_MAX_LENGTH } from './constants';
import type { SmallShipmentDto, SmallShipmentStatus, ShipmentOfferDto } from './smallShipments';

/** The web page of a shipment's workspace (the notification and list links). */
export const shipmentWorkspacePath = (shipmentId: string) => `/small-shipments/${shipmentId}`;

export const SHIPMENT_NOT_FOUND_MESSAGE = 'Shipment not found';
export const SHIPMENT_CHAT_NOT_AVAILABLE_MESSAGE =
  'Chat opens once you accept a driver’s offer on this shipment.';

/**
 * The driver's reports, in this order, each once: Picked up moves the shipment matched → picked_up, Delivered
 * picked_up → delivered.
 */
export const SHIPMENT_REPORT_KINDS = ['picked_up', 'delivered'] as const;
export type ShipmentReportKind = (typeof SHIPMENT_REPORT_KINDS)[number];
export const SHIPMENT_REPORT_LABELS: Record<ShipmentReportKind, string> = {
  picked_up: 'Picked up',
  delivered: 'Delivered',
};
/** The status a shipment must have for each report, and the one it moves to. */
export const SHIPMENT_REPORT_MOVES: Record<
  ShipmentReportKind,
  { from: SmallShipmentStatus; to: SmallShipmentStatus }
> = {
  picked_up: { from: 'matched', to: 'picked_up' },
  delivered: { from: 'picked_up', to: 'delivered' },
};

export const shipmentReportSchema = z.object({
  kind: z.enum(SHIPMENT_REPORT_KINDS, { message: 'kind must be picked_up or delivered' }),
});
export type ShipmentReportInput = z.infer<typeof shipmentReportSchema>;

/** POST /api/small-shipments/:id/messages: text, or an image uploaded to the shipment first. */
export const shipmentMessageSchema = z
  .object({
    message: z
      .string({ message: 'Message is required' })
      .trim()
      .min(1, 'Message cannot be empty')
      .max(CHAT_MESSAGE_MAX_LENGTH, `Message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`),
    messageType: z.enum(['text', 'image'], { message: 'messageType must be text or image' }).default('text'),
    imageUrl: z.string().max(300).nullish(),
    /** Chosen by the client; a retried send with the same id stores one message. */
    clientMessageId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientMessageId: letters, digits, - and _ (64 at most)')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.messageType === 'image' && !v.imageUrl)
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: 'An image message needs an imageUrl' });
  });
export type ShipmentMessageInput = z.input<typeof shipmentMessageSchema>;

/** GET /api/small-shipments/:id/messages: the newest page, older than `before`, or newer than `after`. */
export const shipmentMessagesQuerySchema = z.object({
  before: z.coerce.number().int().min(1).optional(),
  after: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/** The photo upload's fields beside the `photo` file. */
export const shipmentPhotoSchema = z.object({
  description: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((v) => v || null),
});

export const shipmentRoomSchema = z.object({
  shipmentId: z.string().regex(/^[0-9a-f]{24}$/i, 'Invalid id'),
});

/** One side of a matched shipment as the other side sees it. */
export interface ShipmentContactDto {
  userId: string;
  name: string;
  phone: string | null;
  email: string;
}

export interface ShipmentReportDto {
  id: string;
  shipmentId: string;
  kind: ShipmentReportKind;
  at: string;
}

/** GET /api/small-shipments/:id/workspace: the shipment (addresses included) and what the viewer may do. */
export interface ShipmentWorkspaceDto {
  /** The shipment's id. */
  id: string;
  shipment: SmallShipmentDto;
  /** The accepted offer, once matched. */
  offer: ShipmentOfferDto | null;
  customer: ShipmentContactDto;
  /** The matched driver, once matched. */
  driver: ShipmentContactDto | null;
  /** Who is looking: the customer, the matched driver, or an admin (who reads only). */
  role: 'customer' | 'driver' | 'admin';
  reports: ShipmentReportDto[];
}

/** A matched shipment in the driver's My Routes (addresses included: the driver is the matched one). */
export interface CarriedShipmentDto extends SmallShipmentDto {
  offer: ShipmentOfferDto;
}

export interface ShipmentMessageDto {
  id: string;
  shipmentId: string;
  /** Order within the shipment's chat (1, 2, …). */
  seq: number;
  userId: string;
  userName: string;
  message: string;
  messageType: 'text' | 'image';
  imageUrl: string | null;
  clientMessageId: string;
  createdAt: string;
}

export interface ShipmentMessagesPageDto {
  messages: ShipmentMessageDto[];
  hasMore: boolean;
}

export interface ShipmentPhotoDto {
  id: string;
  shipmentId: string;
  userId: string;
  userName: string;
  photoUrl: string;
  description: string | null;
  createdAt: string;
}

/** Server → client, to the room shipment:<id> (its customer, its matched driver, and admins who opened it). */
export interface ShipmentWorkspaceEvents {
  'shipment:message': (payload: { shipmentId: string; message: ShipmentMessageDto }) => void;
  'shipment:photo': (payload: { shipmentId: string; photo: ShipmentPhotoDto }) => void;
  'shipment:report': (payload: {
    shipmentId: string;
    report: ShipmentReportDto;
    shipment: SmallShipmentDto;
  }) => void;
}

export interface ShipmentWorkspaceClientEvents {
  'shipment:join': (payload: { shipmentId: string }, ack: (res: Ack<{ shipmentId: string }>) => void) => void;
  'shipment:leave': (
    payload: { shipmentId: string },
    ack: (res: Ack<{ shipmentId: string }>) => void,
  ) => void;
}

/** How a small shipment's status reads on screen. */
export const SMALL_SHIPMENT_STATUS_LABELS: Record<SmallShipmentStatus, string> = {
  posted: 'Posted',
  matched: 'Matched',
  picked_up: 'Picked up',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
