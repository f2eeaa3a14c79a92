import { clientConfigSchema, type ClientConfig } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const clientConfigRoutes: FastifyPluginAsyncZod<{ clientConfig: ClientConfig }> = async (app, options) => {
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: "The public part of the server's configuration the web app needs",
        response: { 200: clientConfigSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(options.clientConfig),
  );
};
