import type { Runtime } from '../../runtime';

/** Demo loads for a fresh embedded install (test accounts enabled), so the board is not empty. */
export async function seedDemoFreight(_rt: Runtime): Promise<void> {}
