import { CONTACT_RATE_LIMIT, contactMessages, contactRequestSchema, contactResponseSchema, errorResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactService } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  app.post(
    '/contact',
    {
      bodyLimit: 32 * 1024,
      config: {
        rateLimit: {
          max: CONTACT_RATE_LIMIT.max,
          timeWindow: CONTACT_RATE_LIMIT.windowSeconds * 1000,
          errorResponseBuilder: () => ({ statusCode: 429, message: contactMessages.sendFailed }),
        },
      },
      schema: {
        tags: ['support'],
        summary: 'Send a message to support (no sign-in; rate-limited per client)',
        body: contactRequestSchema,
        response: { 201: contactResponseSchema, 413: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await contact.store({ ...request.body, clientIp: request.ip, userAgent: request.headers['user-agent'] });
      return reply.code(201).send({ message: contactMessages.sent });
    },
  );
};
