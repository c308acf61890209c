import {
  LOAD_DOCUMENT_TITLES,
  NOTIFICATION_KIND_SETTINGS,
  isLoadDocumentDue,
  type LoadDocumentKind,
  type NotificationDto,
  type NotificationKind,
} from '@freight/shared';
import { Types } from 'mongoose';
import { linkTo } from '../account/links';
import { FreightModel, participantIds, type FreightListing } from '../freight/model';
import { LoadDocumentModel, loadDocumentFileName } from '../loadDocuments/model';
import { ensureLoadDocument } from '../loadDocuments/service';
import type { MailAttachment, MailJob } from '../mail/service';
import { unsubscribeUrl } from './unsubscribe';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The button of each kind's email: where its link goes, said plainly. */
const ACTION_LABELS: Record<NotificationKind, string> = {
  booking_requested: 'Review the request',
  booking_reviewed: 'Open the load',
  negotiation: 'Open the offer',
  shipment_offer: 'Open the shipment',
  freight_status: 'Open the load',
  saved_search_match: 'See the load',
  document_reviewed: 'Open your documents',
  document_expiring: 'Replace the document',
  document_expired: 'Replace the document',
  background_check: 'Open your background check',
  subscription: 'Open your subscription',
  invoice: 'Open the invoice',
  general: 'Open FreightConnect',
  welcome: 'Open FreightConnect',
};

export interface Recipient {
  id: string;
  email: string;
  firstName?: string | null;
}

/** The List-Unsubscribe headers of a non-security email (RFC 2369, RFC 8058 one-click). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function layout(o: {
  name: string;
  heading: string;
  lines: string[];
  items?: Array<{ title: string; body: string; url: string }>;
  action: { label: string; url: string };
  why: string;
  unsubscribe: string;
  settings: string;
}) {
  const text = [
    `Hello ${o.name},`,
    '',
    o.heading,
    ...o.lines,
    ...(o.items ?? []).flatMap((i) => ['', `- ${i.title}`, ...(i.body ? [`  ${i.body}`] : []), `  ${i.url}`]),
    '',
    `${o.action.label}: ${o.action.url}`,
    '',
    '--',
    o.why,
    `Notification settings: ${o.settings}`,
    `Unsubscribe from these emails: ${o.unsubscribe}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a202c;max-width:560px">
<p>Hello ${escapeHtml(o.name)},</p>
<p style="font-size:18px;font-weight:bold">${escapeHtml(o.heading)}</p>
${o.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${
  o.items?.length
    ? `<ul>${o.items
        .map(
          (i) =>
            `<li style="margin-bottom:8px"><a href="${escapeHtml(i.url)}">${escapeHtml(i.title)}</a>${i.body ? `<br>${escapeHtml(i.body)}` : ''}</li>`,
        )
        .join('')}</ul>`
    : ''
}
<p><a href="${escapeHtml(o.action.url)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(o.action.label)}</a></p>
<p style="font-size:12px;color:#4a5568">${escapeHtml(o.why)} <a href="${escapeHtml(o.settings)}">Notification settings</a> · <a href="${escapeHtml(o.unsubscribe)}">Unsubscribe</a></p>
</body></html>`;
  return { text, html };
}

const settingsUrl = () => linkTo('/account/notifications');

/** The load a notification's link names (`/tracking/<id>`, `/loads/<id>`), if any. */
function loadIdOf(link: string | null): string | null {
  const m = /^\/(?:tracking|loads)\/([0-9a-f]{24})(?:[/?#]|$)/i.exec(link ?? '');
  return m ? m[1] : null;
}

/**
 * The load's documents this notification hands over, made now if due and not made yet: the rate confirmation with
 * the booking's news, the proof of delivery with a status change once the load is delivered. Only to the load's
 * participants (the documents' own rule).
 */
async function attachmentsFor(n: NotificationDto): Promise<MailAttachment[]> {
  const freightId = loadIdOf(n.link);
  if (!freightId) return [];
  const wanted: LoadDocumentKind[] =
    n.kind === 'booking_reviewed' || n.kind === 'negotiation'
      ? ['rate_confirmation']
      : n.kind === 'freight_status'
        ? ['proof_of_delivery']
        : [];
  if (!wanted.length) return [];
  const load = await FreightModel.findById(new Types.ObjectId(freightId)).lean<FreightListing>();
  if (!load) return [];
  if (!participantIds(load).includes(n.userId)) return [];
  const out: MailAttachment[] = [];
  for (const kind of wanted) {
    if (!isLoadDocumentDue(load, kind)) continue;
    const doc =
      (await LoadDocumentModel.findOne({ freightListingId: load._id, kind }).lean()) ??
      (await ensureLoadDocument(freightId, kind));
    if (!doc) continue;
    out.push({
      filename: loadDocumentFileName(freightId, kind),
      storageKey: doc.storageKey,
      contentType: 'application/pdf',
      description: LOAD_DOCUMENT_TITLES[kind],
    });
  }
  return out;
}

/** The email form of a stored notification: what happened, a link to the exact screen, documents attached. */
export async function notificationEmail(n: NotificationDto, to: Recipient): Promise<MailJob> {
  const settings = NOTIFICATION_KIND_SETTINGS[n.kind];
  const unsubscribe = unsubscribeUrl(to.id, n.kind);
  const attachments = await attachmentsFor(n);
  const url = linkTo(n.link ?? '/');
  return {
    dedupeKey: `notification:${n.id}`,
    to: to.email,
    subject: n.title,
    headers: unsubscribeHeaders(unsubscribe),
    ...(attachments.length ? { attachments } : {}),
    ...layout({
      name: to.firstName || 'there',
      heading: n.title,
      lines: [
        ...(n.body ? [n.body] : []),
        ...attachments.map((a) => `The ${a.description?.toLowerCase()} is attached (${a.filename}).`),
      ],
      action: { label: ACTION_LABELS[n.kind], url },
      why: `You get this email because emails about ${settings.label.toLowerCase()} are on for your FreightConnect account.`,
      unsubscribe,
      settings: settingsUrl(),
    }),
  };
}

/** How many alerts a digest lists before "and N more". */
export const DIGEST_MAX_ITEMS = 20;

/** One email for the saved-search alerts of the last hour or day. */
export function digestEmail(
  to: Recipient,
  frequency: 'hourly' | 'daily',
  entries: Array<{ title: string; body: string; link?: string | null }>,
  dedupeKey: string,
): MailJob {
  const unsubscribe = unsubscribeUrl(to.id, 'saved_search_match');
  const count = entries.length;
  const shown = entries.slice(0, DIGEST_MAX_ITEMS);
  const more = count - shown.length;
  const heading =
    count === 1 ? '1 new load matches your saved searches' : `${count} new loads match your saved searches`;
  return {
    dedupeKey,
    to: to.email,
    subject: `${heading} (${frequency === 'hourly' ? 'hourly' : 'daily'} digest)`,
    headers: unsubscribeHeaders(unsubscribe),
    ...layout({
      name: to.firstName || 'there',
      heading,
      lines: more > 0 ? [`The newest ${shown.length} are below; ${more} more are on the load board.`] : [],
      items: shown.map((e) => ({ title: e.title, body: e.body, url: linkTo(e.link ?? '/freight') })),
      action: { label: 'Open the load board', url: linkTo('/freight') },
      why: `You get this ${frequency} digest because emails about saved-search alerts are on for your FreightConnect account.`,
      unsubscribe,
      settings: settingsUrl(),
    }),
  };
}
