import type { Actor, Rule } from './types';

/** Whose a document is, as the policies see it. */
export interface DocumentResource {
  userId: unknown;
}

export const documentsPolicies = {
  /** The file and its record: the owner and admins only (others get 404: they must not learn it exists). */
  'document:read': (actor: Actor, doc: DocumentResource) =>
    actor.userType === 'admin' || String(doc.userId) === actor.id,
  /** The verification queue (call 23). */
  'document:queue': (actor: Actor) => actor.userType === 'admin',
  /** Approve or reject (call 24). */
  'document:review': (actor: Actor) => actor.userType === 'admin',
} satisfies Record<string, Rule>;
