import type { Rule } from './types';

export const documentsPolicies = {} satisfies Record<string, Rule>;
