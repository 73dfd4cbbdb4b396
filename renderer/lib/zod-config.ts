// Imported first by main.ts: zod must never try `new Function` under the page's strict CSP, where
// even its caught probe is reported as a violation. Parsing without JIT is fast enough here.
import { z } from 'zod';

z.config({ jitless: true });
