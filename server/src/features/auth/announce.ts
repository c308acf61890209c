import { USER_TYPE_LABELS, documentTypesFor, type UserType } from '@freight/shared';
import { notify } from '../notifications/service';
import type { UserDoc } from '../users/model';

/**
 * The welcome's next step, by what the account's type is really asked for: compliance documents for the types that
 * need them; a background check for an individual driver (needed to offer on small shipments); nothing to submit
 * for an individual customer.
 */
export function welcomeNextStep(userType: string | null | undefined): { text: string; link: string } {
  if (documentTypesFor(userType as UserType | null).length > 0) {
    return { text: 'Upload your compliance documents to get verified.', link: '/documents' };
  }
  if (userType === 'individual_driver') {
    return {
      text: 'Complete your background check to offer on small shipments along your routes.',
      link: '/background-check',
    };
  }
  if (userType === 'individual_customer') {
    return {
      text: 'Post a small shipment and drivers travelling your route can offer to carry it.',
      link: '/small-shipments',
    };
  }
  return { text: 'Your dashboard shows what to do next.', link: '/' };
}

/**
 * Sent once per user (dedupe key) when the account first has a type: at registration or at setup. A later change of
 * type whose next step differs (a carrier who becomes an individual driver has no documents to upload) gets its
 * own notice with the new type's next step, once per type.
 */
export async function announceAccountCreated(user: UserDoc, previousType?: string | null): Promise<void> {
  const next = welcomeNextStep(user.userType);
  await notify({
    userId: user.id,
    kind: 'welcome',
    title: 'Welcome to FreightConnect',
    body: `Your ${user.companyName ? `${user.companyName} ` : ''}account is set up. ${next.text}`,
    link: next.link,
    dedupeKey: `welcome:${user.id}`,
  });
  if (!previousType || previousType === user.userType || !user.userType) return;
  if (welcomeNextStep(previousType).link === next.link) return;
  await notify({
    userId: user.id,
    kind: 'general',
    title: 'Account type changed',
    body: `Your account is now a${/^[AEIOU]/.test(USER_TYPE_LABELS[user.userType as UserType] ?? '') ? 'n' : ''} ${USER_TYPE_LABELS[user.userType as UserType]} account. ${next.text}`,
    link: next.link,
    dedupeKey: `account-type:${user.id}:${user.userType}`,
  });
}
