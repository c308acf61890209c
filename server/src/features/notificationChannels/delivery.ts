import type { Config } from '../../config';
import { Types } from 'mongoose';
import { deliverMail, type MailJob } from '../mail/service';
import { MailOutboxModel } from '../mail/model';
import { NotificationModel, toNotificationDto, type Notification } from '../notifications/model';
import { UserModel } from '../users/model';
import { digestEmail, notificationEmail, type Recipient } from './emails';
import { DigestEntryModel, type DigestEntry } from './model';
import { channelsFor, getPreferences } from './preferences';
import { queuePush } from './fanout';

type MailConfig = Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;

/** The recipient of a notification email: only a verified address (an unproven one may be someone else's). */
async function recipient(userId: string): Promise<Recipient | null> {
  const user = await UserModel.findById(new Types.ObjectId(userId), {
    email: 1,
    firstName: 1,
    emailVerified: 1,
  }).lean<{ _id: Types.ObjectId; email: string; firstName?: string; emailVerified?: boolean }>();
  if (!user || user.emailVerified === false) return null;
  return { id: String(user._id), email: user.email, firstName: user.firstName };
}

/** Writes the outbox entry (once per key), then sends; a send that fails throws for the job's retry. */
async function sendOnce(config: MailConfig, mail: MailJob) {
  try {
    await MailOutboxModel.create({ dedupeKey: mail.dedupeKey, to: mail.to, subject: mail.subject });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
  }
  return deliverMail(config, mail);
}

/**
 * The email job of one notification (worker role): composed when it runs, from the stored notification, so the
 * preference is checked again (an unsubscribe meanwhile holds) and the load's documents are attached once made.
 */
export async function sendNotificationEmail(
  config: MailConfig,
  notificationId: string,
): Promise<'sent' | 'skipped' | 'no-smtp' | 'gone' | 'off' | 'unverified'> {
  if (!Types.ObjectId.isValid(notificationId)) return 'gone';
  const stored = await NotificationModel.findById(notificationId).lean<Notification>();
  if (!stored) return 'gone';
  const n = toNotificationDto(stored);
  if (!(await channelsFor(n.userId, n.kind)).email) return 'off';
  const to = await recipient(n.userId);
  if (!to) return 'unverified';
  return sendOnce(config, await notificationEmail(n, to));
}

/**
 * The hourly or daily digest (a repeatable job of the worker role): for each user with saved-search alerts waiting
 * for it, one email listing them and one push summing them up, as the user's preferences now say; then the alerts
 * are done. A user's digest is keyed by its newest alert, so a rerun after a crash sends it once.
 */
export async function runDigest(
  config: MailConfig,
  frequency: 'hourly' | 'daily',
): Promise<{ users: number; alerts: number }> {
  const userIds = (await DigestEntryModel.distinct('userId', { frequency })) as Types.ObjectId[];
  let alerts = 0;
  for (const userObjectId of userIds) {
    const userId = String(userObjectId);
    const entries = await DigestEntryModel.find({ frequency, userId: userObjectId })
      .sort({ createdAt: -1, _id: -1 })
      .lean<DigestEntry[]>();
    if (!entries.length) continue;
    const key = `digest:${frequency}:${userId}:${String(entries[0]._id)}`;
    const prefs = (await getPreferences(userId)).kinds.saved_search_match;
    const to = prefs.email ? await recipient(userId) : null;
    if (to) await sendOnce(config, digestEmail(to, frequency, entries, key));
    if (prefs.push) {
      const count = entries.length;
      await queuePush({
        dedupeKey: key,
        userId,
        payload: {
          title:
            count === 1
              ? '1 new load matches your saved searches'
              : `${count} new loads match your saved searches`,
          body: entries
            .slice(0, 3)
            .map((e) => e.title)
            .join(' · '),
          url: count === 1 ? (entries[0].link ?? '/freight') : '/freight',
          tag: 'saved-search-digest',
        },
      });
    }
    await DigestEntryModel.deleteMany({ _id: { $in: entries.map((e) => e._id) } });
    alerts += entries.length;
  }
  return { users: userIds.length, alerts };
}
