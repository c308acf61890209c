import { QUEUES } from '@freight/shared';
import {
  checkFreeTimeWarning,
  type FreeTimeWarningJob,
} from '@freight/server/features/tracking/stopClock/service';
import type { ProcessorDefinition } from './types';

/** A stop's free-time warning, a delayed job 15 minutes before the free time ends (tracking/stopClock). */
export const stopClockProcessor: ProcessorDefinition = {
  queue: QUEUES.stopClock,
  process: (job) => checkFreeTimeWarning(job.data as FreeTimeWarningJob),
};
