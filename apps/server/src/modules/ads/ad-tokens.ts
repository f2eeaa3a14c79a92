import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a decision's token says: which campaign's creative was shown in which slot, and when. */
export interface AdTicket {
  /** Unique per decision: its impression and its click are each counted once. */
  decision: string;
  campaignId: number;
  creativeId: number;
  placementId: number;
  issuedAt: number;
}

/** A decision's impression and click are counted for a day after it was made. */
export const TICKET_LIFETIME_MS = 24 * 3_600_000;

/**
 * Decisions are handed out as signed tickets (HMAC-SHA256 under the key every instance shares), so the
 * impression and click endpoints count only what we decided, and the click redirect goes only to the
 * address of the creative we showed: it cannot be made an open redirect.
 */
export function adTickets(key: string) {
  const sign = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 16);

  return {
    issue(ticket: Omit<AdTicket, 'decision' | 'issuedAt'>, now = Date.now()): { token: string; decision: string } {
      const decision = randomBytes(12).toString('base64url');
      const body = Buffer.from(JSON.stringify([decision, ticket.campaignId, ticket.creativeId, ticket.placementId, Math.floor(now / 1000)])).toString('base64url');
      return { token: `${body}.${sign(body).toString('base64url')}`, decision };
    },

    /** The ticket, or null for a token we did not sign, one tampered with, or one too old. */
    read(token: string, now = Date.now()): AdTicket | null {
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined || body.length > 200) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const [decision, campaignId, creativeId, placementId, issuedAt] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [
          string,
          number,
          number,
          number,
          number,
        ];
        const ticket = { decision, campaignId, creativeId, placementId, issuedAt: issuedAt * 1000 };
        if (now - ticket.issuedAt > TICKET_LIFETIME_MS || ticket.issuedAt - now > 60_000) return null;
        return ticket;
      } catch {
        return null;
      }
    },
  };
}
