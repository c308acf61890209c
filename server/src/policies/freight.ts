import type { Rule } from './types';

export const freightPolicies = {} satisfies Record<string, Rule>;
