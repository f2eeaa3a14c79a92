import { accountMessages } from '@flick/contract';

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
