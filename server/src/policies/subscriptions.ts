import type { Rule } from './types';

export const subscriptionsPolicies = {} satisfies Record<string, Rule>;
