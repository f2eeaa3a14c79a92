import { accountMessages, feedMessages } from '@flick/contract';

/** Route-level limit per client address (counted in PostgreSQL, see ADR 0003). */
export function perClientLimit(max: number, windowSeconds: number, message: string = accountMessages.tooManyAttempts) {
  return {
    rateLimit: {
      max,
      timeWindow: windowSeconds * 1000,
      errorResponseBuilder: () => ({ statusCode: 429, message }),
    },
  };
}

/** A route's limit as a named rate (`{ max, windowSeconds }`, exported so its tests read it), answered "Too many requests". */
export interface RouteRate {
  max: number;
  windowSeconds: number;
}
export const perClientRate = ({ max, windowSeconds }: RouteRate) => perClientLimit(max, windowSeconds, feedMessages.tooManyRequests);
