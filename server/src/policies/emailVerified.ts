import { EMAIL_UNVERIFIED_CODE, EMAIL_UNVERIFIED_TEXT } from '@freight/shared';
import { AppError } from '../http/errors';
import type { Actor } from './types';

/**
 * Posting, booking and offering need a proven email (issue 27): 403 with the code EMAIL_UNVERIFIED, which the web
 * app answers with the verification banner. Signing in and setting up the account do not.
 */
export function assertEmailVerified(actor: Pick<Actor, 'emailVerified'>): void {
  if (!actor.emailVerified) throw new AppError(EMAIL_UNVERIFIED_CODE, EMAIL_UNVERIFIED_TEXT);
}
