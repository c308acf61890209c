import type { StoredDomainEvent } from './model';

/**
 * The wake-up call between the log's writers and its projectors: a writer says facts were recorded, and every
 * process's runner looks at the log at once (over Redis for the other processes) instead of at its next poll.
 * Kept apart from the runner so that recording a fact does not import the projectors (and through them the features).
 */
type Listener = (recorded: readonly StoredDomainEvent[]) => Promise<void>;

let listener: Listener | null = null;

/** Installed by the projector runner when it starts in this process. */
export function onFactsRecorded(fn: Listener | null): void {
  listener = fn;
}

/**
 * Runs this process's inline projectors on the facts just recorded (as stored: the writer has them, so nobody reads
 * them back) and wakes the others.
 */
export async function factsRecorded(recorded: readonly StoredDomainEvent[] = []): Promise<void> {
  await listener?.(recorded);
}
