import { QUEUES } from '@freight/shared';
import type { ProcessorDefinition } from './types';

export const documentExpiryProcessor: ProcessorDefinition = {
  queue: QUEUES.documentExpiry,
  async process() {
    return null;
  },
};
