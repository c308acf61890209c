import { USER_TYPE_LABELS, documentTypesFor, type UserType } from '@freight/shared';
import { registerProjector } from '../../events/projectors';
import { notify } from '../notifications/service';

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
 * The welcome, once per user: account.created is recorded once per user (at registration, or at the setup that
 * gives an account its first type). A later change of type whose next step differs (a carrier who becomes an
 * individual driver has no documents to upload) gets its own notice with the new type's next step, once per type.
 * The dedupe keys are the ones these notices had before the log (one per user; one per user and type).
 */
export const accountNoticesProjector = registerProjector({
  name: 'account-notices',
  applicableEvents: ['account.created', 'account.typeChanged'],
  async handle(event) {
    if (event.name === 'account.created') {
      const { userId, userType, companyName } = event.data;
      const next = welcomeNextStep(userType);
      await notify({
        userId,
        kind: 'welcome',
        title: 'Welcome to FreightConnect',
        body: `Your ${companyName ? `${companyName} ` : ''}account is set up. ${next.text}`,
        link: next.link,
        dedupeKey: `welcome:${userId}`,
      });
      return;
    }
    if (event.name !== 'account.typeChanged') return;
    const { userId, userType, previous } = event.data;
    const next = welcomeNextStep(userType);
    if (welcomeNextStep(previous).link === next.link) return;
    const label = USER_TYPE_LABELS[userType as UserType];
    await notify({
      userId,
      kind: 'general',
      title: 'Account type changed',
      body: `Your account is now a${/^[AEIOU]/.test(label ?? '') ? 'n' : ''} ${label} account. ${next.text}`,
      link: next.link,
      dedupeKey: `account-type:${userId}:${userType}`,
    });
  },
});
