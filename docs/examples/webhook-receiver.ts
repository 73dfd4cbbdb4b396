// A partner's receiver of the service's webhooks (docs/webhooks.md): each delivery is verified by
// the standardwebhooks library over the raw body, answered at once, and handled once per event id.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** The envelope every event carries; parse further with WebhookEventSchema (shared/api/webhooks.ts). */
export interface DeliveredEvent {
  eventId: string;
  eventType: string;
  [field: string]: unknown;
}

/** Deliveries are small JSON documents; a larger body is refused before it is read whole. */
const MAX_BODY_BYTES = 1024 * 1024;

/** The verified event, or null when the delivery must be refused (bad signature, stale timestamp). */
export function verifyDelivery(
  webhook: Webhook,
  rawBody: string,
  headers: IncomingHttpHeaders,
): DeliveredEvent | null {
  try {
    // Throws unless a signature matches and the timestamp is within 5 minutes of this clock.
    return webhook.verify(rawBody, {
      'webhook-id': String(headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(headers['webhook-signature'] ?? ''),
    }) as DeliveredEvent;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return null;
    throw error;
  }
}

/**
 * An HTTP server that answers 204 to a verified delivery and 400 to any other, then hands each event
 * to `handle` once: deliveries come at least once, so a repeat of an event id is answered and left.
 * `seen` keeps the ids handled; pass a persistent store in production.
 */
export function webhookReceiver(
  secret: string, // whsec_…, shown once when the subscription was created
  handle: (event: DeliveredEvent) => void,
  seen: { has(id: string): boolean; add(id: string): unknown } = new Set<string>(),
): Server {
  const webhook = new Webhook(secret);
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) res.writeHead(413, { Connection: 'close' }).end(() => req.destroy());
      else chunks.push(chunk);
    });
    req.on('end', () => {
      if (res.headersSent) return;
      // The raw bytes as received: JSON parsed and written again would not match the signature.
      const event = verifyDelivery(webhook, Buffer.concat(chunks).toString('utf8'), req.headers);
      if (!event) return void res.writeHead(400).end();
      res.writeHead(204).end(); // answer first (within 15 s), work afterwards
      if (seen.has(event.eventId)) return;
      seen.add(event.eventId);
      handle(event);
    });
  });
}
