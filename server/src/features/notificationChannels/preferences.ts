import {
  DEFAULT_ALERT_FREQUENCY,
  NOTIFICATION_KINDS,
  defaultNotificationPreferences,
  type AlertFrequency,
  type NotificationKind,
  type NotificationPreferencesDto,
  type UpdateNotificationPreferencesInput,
} from '@freight/shared';
import { Types } from 'mongoose';
import { withAggregate } from '../../infra/concurrency';
import { NotificationPreferenceModel, type NotificationPreference } from './model';

const findStored = (userId: string) =>
  NotificationPreferenceModel.findById(new Types.ObjectId(userId)).lean<NotificationPreference>();

function effective(stored: NotificationPreference | null): NotificationPreferencesDto {
  const prefs = defaultNotificationPreferences();
  for (const kind of NOTIFICATION_KINDS) {
    const email = stored?.email?.[kind];
    const push = stored?.push?.[kind];
    if (typeof email === 'boolean') prefs.kinds[kind].email = email;
    if (typeof push === 'boolean') prefs.kinds[kind].push = push;
  }
  prefs.savedSearchFrequency = (stored?.savedSearchFrequency as AlertFrequency) ?? DEFAULT_ALERT_FREQUENCY;
  return prefs;
}

/** GET /api/notification-preferences: the user's choices, defaults filled in. */
export async function getPreferences(userId: string): Promise<NotificationPreferencesDto> {
  return effective(await findStored(userId));
}

/**
 * PUT /api/notification-preferences: changes what the input names, under the user's lease (two tabs saving at once
 * both land). Only differences from the defaults are kept.
 */
export async function updatePreferences(
  userId: string,
  input: UpdateNotificationPreferencesInput,
): Promise<NotificationPreferencesDto> {
  return withAggregate('notificationPreferences', userId, async () => {
    const stored = await findStored(userId);
    const email: Record<string, boolean> = { ...(stored?.email ?? {}) };
    const push: Record<string, boolean> = { ...(stored?.push ?? {}) };
    for (const [kind, choice] of Object.entries(input.kinds ?? {})) {
      if (typeof choice?.email === 'boolean') email[kind] = choice.email;
      if (typeof choice?.push === 'boolean') push[kind] = choice.push;
    }
    const savedSearchFrequency = input.savedSearchFrequency ?? stored?.savedSearchFrequency ?? null;
    await NotificationPreferenceModel.updateOne(
      { _id: new Types.ObjectId(userId) },
      { $set: { email, push, savedSearchFrequency } },
      { upsert: true },
    );
    return effective({ ...(stored ?? {}), email, push, savedSearchFrequency } as NotificationPreference);
  });
}

/** Turns one kind's email off (the one-click unsubscribe). */
export function turnEmailOff(userId: string, kind: NotificationKind): Promise<NotificationPreferencesDto> {
  return updatePreferences(userId, { kinds: { [kind]: { email: false } } });
}

/** Which channels a notification of `kind` goes to for this user, and whether it waits for a digest. */
export async function channelsFor(
  userId: string,
  kind: NotificationKind,
): Promise<{ email: boolean; push: boolean; digest: Exclude<AlertFrequency, 'instant'> | null }> {
  const prefs = await getPreferences(userId);
  const choice = prefs.kinds[kind];
  const digest =
    kind === 'saved_search_match' && prefs.savedSearchFrequency !== 'instant'
      ? prefs.savedSearchFrequency
      : null;
  return { email: choice.email, push: choice.push, digest };
}
