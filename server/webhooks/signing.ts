// Standard Webhooks signing (contract §8), so any Standard Webhooks library can verify a delivery.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

/** `whsec_` + base64 of 32 random bytes, shown to the partner once. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** `v1,<base64 HMAC-SHA256 of "{eventId}.{timestamp}.{rawBody}">`, keyed with the decoded secret. */
export function signDelivery(secret: string, eventId: string, timestamp: number, rawBody: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key).update(`${eventId}.${timestamp}.${rawBody}`).digest('base64');
  return `v1,${mac}`;
}
