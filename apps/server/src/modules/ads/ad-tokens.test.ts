import { describe, expect, it } from 'vitest';
import { adTickets, TICKET_LIFETIME_MS } from './ad-tokens.ts';

describe('ad decision tickets', () => {
  const tickets = adTickets('a key only this test knows');
  const now = Date.UTC(2026, 10, 24, 12);
  const { token, decision } = tickets.issue({ campaignId: 7, creativeId: 70, placementId: 101 }, now);

  it('reads back what it signed, with a decision id unique to each', () => {
    expect(tickets.read(token, now)).toEqual({ decision, campaignId: 7, creativeId: 70, placementId: 101, issuedAt: now });
    expect(tickets.issue({ campaignId: 7, creativeId: 70, placementId: 101 }, now).decision).not.toBe(decision);
  });

  it('refuses a token tampered with, signed with another key, malformed, or older than a day', () => {
    const [body, signature] = token.split('.') as [string, string];
    const forged = Buffer.from(Buffer.from(body, 'base64url').toString().replace('7,', '8,')).toString('base64url');
    expect(tickets.read(`${forged}.${signature}`, now)).toBeNull();
    expect(adTickets('another key').read(token, now)).toBeNull();
    for (const bad of ['', 'x', `${body}.`, `${body}.${signature}.x`, `!!.${signature}`]) expect(tickets.read(bad, now), bad).toBeNull();
    expect(tickets.read(token, now + TICKET_LIFETIME_MS + 1000)).toBeNull();
  });
});
