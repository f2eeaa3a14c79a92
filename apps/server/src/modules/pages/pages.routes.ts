import { errorResponseSchema, pageParamsSchema, pageResponseSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PagesService } from './pages.service.ts';

export const pagesRoutes: FastifyPluginAsyncZod<{ pages: PagesService }> = async (app, { pages }) => {
  app.get(
    '/page/:slug',
    {
      schema: {
        tags: ['pages'],
        summary: 'A static page (faq, policy, dmca, 2257, support, terms) as sanitized HTML',
        params: pageParamsSchema,
        response: { 200: pageResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await pages.get(request.params.slug);
      return reply.header('cache-control', 'public, max-age=60').send(page);
    },
  );
};
