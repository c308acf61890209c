import type { MailboxMessageDto } from '@freight/shared';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { iso } from '../../http/dto';

/**
 * One email the product decided to send, by its dedupe key (issue 27): the job that sends it claims it first, so a
 * message goes out once however often its job runs. Only who, what subject and how it went: never the body (reset
 * and verification links are secrets).
 */
const mailOutboxSchema = new Schema(
  {
    dedupeKey: { type: String, required: true, unique: true },
    to: { type: String, required: true },
    subject: { type: String, required: true },
    /** pending → sending → sent; failed (retried by the job) */
    status: { type: String, enum: ['pending', 'sending', 'sent', 'failed'], default: 'pending' },
    attempts: { type: Number, default: 0 },
    lastError: { type: String, default: null },
    sentAt: { type: Date, default: null },
  },
  { timestamps: true },
);
export type MailOutbox = InferSchemaType<typeof mailOutboxSchema>;
export const MailOutboxModel = mongoose.model('MailOutbox', mailOutboxSchema);

/** What the embedded mail sink of `npm start` received (no SMTP_URL), for the admin mailbox. */
const mailboxMessageSchema = new Schema({
  from: { type: String, default: '' },
  to: { type: String, default: '' },
  subject: { type: String, default: '' },
  text: { type: String, default: '' },
  html: { type: String, default: null },
  receivedAt: { type: Date, required: true, index: true },
});
export type MailboxMessage = InferSchemaType<typeof mailboxMessageSchema>;
export const MailboxMessageModel = mongoose.model('MailboxMessage', mailboxMessageSchema);

export function toMailboxMessageDto(m: MailboxMessage & { _id: mongoose.Types.ObjectId }): MailboxMessageDto {
  return {
    id: String(m._id),
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    receivedAt: iso(m.receivedAt)!,
  };
}
