// Every job kind's handler, in one table the queue looks up.
import { documentHandlers } from './document-jobs.js';
import { entityHandlers } from './entity-jobs.js';
import { individualHandlers } from './individual-jobs.js';
import type { HandlerMap } from './job-handler.js';

export const HANDLERS: HandlerMap = { ...entityHandlers, ...individualHandlers, ...documentHandlers };
