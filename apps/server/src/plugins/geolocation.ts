import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Geolocator } from '../lib/geolocation.ts';
import type { Place } from '../lib/places.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the client is (country, region), or null when unknown; looked up once, on first read. */
    readonly place: Place | null;
  }
}

const PLACE = Symbol('place');

/** request.place from the client address (request.ip honours TRUST_PROXY) or the trusted CDN's headers. */
export const geolocation = fp(async function geolocation(app: FastifyInstance, { geolocator }: { geolocator: Geolocator }) {
  app.decorateRequest(PLACE, undefined);
  app.decorateRequest('place', {
    getter(this: { [PLACE]?: Place | null; ip: string; headers: Record<string, string | string[] | undefined> }) {
      if (this[PLACE] === undefined) this[PLACE] = geolocator.locate(this.ip, this.headers);
      return this[PLACE];
    },
  });
});
