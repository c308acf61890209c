import { QUEUES } from '@freight/shared';
import type { ProcessorDefinition } from './types';

export const subscriptionExpiryProcessor: ProcessorDefinition = {
  queue: QUEUES.subscriptionExpiry,
  async process() {
    return null;
  },
};
