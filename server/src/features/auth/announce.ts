import { notify } from '../notifications/service';
import type { UserDoc } from '../users/model';

/** Sent once per user (dedupe key) when the account first has a type: at registration or at setup. */
export async function announceAccountCreated(user: UserDoc): Promise<void> {
  await notify({
    userId: user.id,
    kind: 'welcome',
    title: 'Welcome to FreightConnect',
    body: `Your ${user.companyName ? `${user.companyName} ` : ''}account is set up. Upload your compliance documents to get verified.`,
    link: '/documents',
    dedupeKey: `welcome:${user.id}`,
  });
}
