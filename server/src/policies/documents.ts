import { COMPLIANCE_READERS, hasRole, isParty, managesAccount } from './companies';
import type { Actor, Rule } from './types';

/** Whose a document is, as the policies see it: the uploader and their company (issue 28). */
export interface DocumentResource {
  userId: unknown;
  companyId?: unknown;
}

export const documentsPolicies = {
  /**
   * The file and its record: its company's owner, admins and accounting, and the platform's admins (others get 404:
   * they must not learn it exists).
   */
  'document:read': (actor: Actor, doc: DocumentResource) =>
    actor.userType === 'admin' ||
    (hasRole(actor, COMPLIANCE_READERS) && isParty(actor, doc.userId, doc.companyId)),
  /** Upload the company's compliance documents: its owner and admins. */
  'document:upload': (actor: Actor) => managesAccount(actor),
  /** The verification queue (call 23). */
  'document:queue': (actor: Actor) => actor.userType === 'admin',
  /** Approve or reject (call 24). */
  'document:review': (actor: Actor) => actor.userType === 'admin',
} satisfies Record<string, Rule>;
