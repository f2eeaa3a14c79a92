import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggedUrl, serializeRequest } from './log-requests.ts';

describe('request logs', () => {
  it('carry the client network, never the full address or the port', () => {
    const request = { method: 'GET', url: '/v1/videos', host: 'flick.test', ip: '203.0.113.77', socket: { remotePort: 51234 } } as unknown as FastifyRequest;
    expect(serializeRequest(request)).toEqual({ method: 'GET', url: '/v1/videos', host: 'flick.test', remoteNetwork: '203.0.113.0/24' });
  });

  it('leave guest ids and one-time secrets out of URLs, whatever their case or place', () => {
    expect(loggedUrl('/v1/videos?guest_id=0b7c1f3e-1111-4222-8333-944455556666&per_page=10')).toBe('/v1/videos?guest_id=-&per_page=10');
    expect(loggedUrl('/reset-password?email=a%40b.c&TOKEN=abc')).toBe('/reset-password?email=a%40b.c&TOKEN=-');
    expect(loggedUrl('/v1/age/callback?code=xyz&state=s1#top')).toBe('/v1/age/callback?code=-&state=-#top');
    expect(loggedUrl('/v1/page/policy')).toBe('/v1/page/policy');
  });
});
