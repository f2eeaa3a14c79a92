import {
  adminChannelCreateSchema,
  adminContestCreateSchema,
  adminContestListSchema,
  adminContestOrderSchema,
  adminContestSchema,
  adminContestUpdateSchema,
  adminPageListSchema,
  adminPageSchema,
  adminPageUpdateSchema,
  adminPersonSchema,
  adminSearchMissListSchema,
  adminStudioCreateSchema,
  adminStudioKeySchema,
  adminStudioListSchema,
  pageParamsSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, idParams } from '../../lib/route-schemas.ts';
import type { AdminContent } from './admin-content.service.ts';
import { adminRoute, deciding } from './admin-request.ts';

/** Content in the console (ADR 0015): static pages, contests, studios, channel accounts and the searches that found nothing. */
export const adminContentRoutes: FastifyPluginAsyncZod<{ content: AdminContent }> = async (app, { content }) => {
  app.get('/pages', { schema: { ...adminRoute, summary: 'The static pages', response: { 200: adminPageListSchema, ...adminErrors } } }, async () => ({
    data: await content.pages(),
  }));

  app.get(
    '/pages/:slug',
    {
      schema: { ...adminRoute, summary: 'A static page with its stored (sanitized) HTML', params: pageParamsSchema, response: { 200: adminPageSchema, ...adminErrors } },
    },
    async (request) => content.page(request.params.slug),
  );

  app.put(
    '/pages/:slug',
    {
      schema: {
        ...adminRoute,
        summary: 'Replace a static page: the HTML is sanitized as it is stored, and the answer is what was stored',
        params: pageParamsSchema,
        body: adminPageUpdateSchema,
        response: { 200: adminPageSchema, ...adminErrors },
      },
    },
    async (request) => content.savePage(deciding(request), request.params.slug, request.body.title, request.body.html),
  );

  app.get(
    '/contests',
    { schema: { ...adminRoute, summary: "Creators' contests, running first", response: { 200: adminContestListSchema, ...adminErrors } } },
    async () => ({ data: await content.contests() }),
  );

  app.post(
    '/contests',
    {
      schema: {
        ...adminRoute,
        summary: "A contest on a creator's profile (HTML sanitized), last in their order",
        body: adminContestCreateSchema,
        response: { 200: adminContestSchema, ...adminErrors },
      },
    },
    async (request) => content.createContest(deciding(request), request.body),
  );

  app.post(
    '/contests/:id',
    {
      schema: {
        ...adminRoute,
        summary: 'Edit, reorder, end or reopen a contest',
        params: idParams,
        body: adminContestUpdateSchema,
        response: { 200: adminContestSchema, ...adminErrors },
      },
    },
    async (request) => content.updateContest(deciding(request), request.params.id, request.body),
  );

  app.post(
    '/contests/order',
    {
      schema: {
        ...adminRoute,
        summary: "One creator's contests in a new order, all at once (each of their contests exactly once)",
        body: adminContestOrderSchema,
        response: { 200: adminContestListSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await content.reorderContests(deciding(request), request.body.userId, request.body.ids) }),
  );

  app.get(
    '/studios',
    { schema: { ...adminRoute, summary: 'Studios with their members and managers', response: { 200: adminStudioListSchema, ...adminErrors } } },
    async () => ({ data: await content.studios() }),
  );

  app.post(
    '/studios',
    {
      schema: {
        ...adminRoute,
        summary: 'A studio and its first manager; the join key is in this answer only',
        body: adminStudioCreateSchema,
        response: { 200: adminStudioKeySchema, ...adminErrors },
      },
    },
    async (request) => content.createStudio(deciding(request), request.body),
  );

  app.post(
    '/studios/:id/rotate-key',
    {
      schema: {
        ...adminRoute,
        summary: 'A new join key (in this answer only); the old one stops working, members stay',
        params: idParams,
        response: { 200: adminStudioKeySchema, ...adminErrors },
      },
    },
    async (request) => content.rotateStudioKey(deciding(request), request.params.id),
  );

  app.post(
    '/channels',
    { schema: { ...adminRoute, summary: 'Create a channel account', body: adminChannelCreateSchema, response: { 200: adminPersonSchema, ...adminErrors } } },
    async (request) => content.createChannel(deciding(request), request.body),
  );

  app.get(
    '/searches/misses',
    {
      schema: {
        ...adminRoute,
        summary: 'Searches that found nothing in the last 30 days, most asked first',
        response: { 200: adminSearchMissListSchema, ...adminErrors },
      },
    },
    async () => ({ data: await content.searchMisses() }),
  );
};
