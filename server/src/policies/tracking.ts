import type { Rule } from './types';

export const trackingPolicies = {} satisfies Record<string, Rule>;
