import type { MailboxMessageDto, Page } from '@freight/shared';
import { authorize, type Actor } from '../../policies';
import { paginate } from '../../http/paginate';
import { MailboxMessageModel, toMailboxMessageDto, type MailboxMessage } from './model';

/** Stores one message the embedded mail sink received (scripts/start.ts). */
export async function storeMailboxMessage(m: Omit<MailboxMessage, never>): Promise<void> {
  const { from, to, subject, text, html, receivedAt } = m;
  await MailboxMessageModel.create({ from, to, subject, text, html, receivedAt });
}

/** GET /api/admin/mail: what the embedded sink received, newest first; admins only. */
export async function listMailbox(
  actor: Actor,
  q: { page: number; pageSize: number },
): Promise<Page<MailboxMessageDto>> {
  authorize(actor, 'admin:access', undefined, { message: 'Only admins can read the mailbox' });
  const page = await paginate<MailboxMessage & { _id: import('mongoose').Types.ObjectId }>(
    MailboxMessageModel,
    {},
    { receivedAt: -1, _id: -1 },
    q,
  );
  return { ...page, items: page.items.map(toMailboxMessageDto) };
}
