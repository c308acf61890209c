import { digestProcessor } from './digestProcessor';
import { documentExpiryProcessor } from './documentExpiryProcessor';
import { invoiceOverdueProcessor } from './invoiceOverdueProcessor';
import { loadDocumentsProcessor } from './loadDocumentsProcessor';
import { mailProcessor } from './mailProcessor';
import { notificationsProcessor } from './notificationsProcessor';
import { pushProcessor } from './pushProcessor';
import { stopClockProcessor } from './stopClockProcessor';
import { subscriptionExpiryProcessor } from './subscriptionExpiryProcessor';
import { truckPostExpiryProcessor } from './truckPostExpiryProcessor';
import type { ProcessorDefinition } from './types';
import { webhooksProcessor } from './webhooksProcessor';

/** Every queue processor of the worker role; a feature adds its processor with one line. */
export const processors: ProcessorDefinition[] = [
  notificationsProcessor,
  documentExpiryProcessor,
  subscriptionExpiryProcessor,
  loadDocumentsProcessor,
  mailProcessor,
  pushProcessor,
  digestProcessor,
  webhooksProcessor,
  truckPostExpiryProcessor,
  invoiceOverdueProcessor,
  stopClockProcessor,
];
