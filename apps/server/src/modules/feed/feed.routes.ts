import {
  discoverCategories,
  errorResponseSchema,
  FEED_PAGE_SIZE,
  feedQuerySchema,
  GRID_PAGE_SIZE,
  gridQuerySchema,
  homeFeedQuerySchema,
  ratedVideoListResponseSchema,
  ratingListQuerySchema,
  SIDEBAR_PAGE_SIZE,
  sidebarListResponseSchema,
  sidebarQuerySchema,
  tagListResponseSchema,
  tagsQuerySchema,
  type Video,
  videoListResponseSchema,
} from '@flick/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalBearer, viewerOf } from '../../plugins/authenticate.ts';
import { nextLink, type Page } from '../../lib/keyset.ts';
import type { FeedService } from './feed.service.ts';
import type { ViewerPage } from './ranked-pages.ts';

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 32 - 1);
const errors = { 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/** The sidebar's next page: the same query at page n+1, pinned to the epoch it was read from. */
function nextSidebarLink(request: FastifyRequest, next: { page: number; epoch: number } | null): string | null {
  if (!next) return null;
  const url = new URL(request.url, 'http://flick.invalid');
  url.searchParams.set('page', String(next.page));
  url.searchParams.set('epoch', String(next.epoch));
  return `${url.pathname}${url.search}`;
}

const answer = <T>(request: FastifyRequest, page: Page<T>) => ({ data: page.data, links: { next: nextLink(request, page.next) } });

/**
 * Each shared video's JSON up to its flags, written once per video of a shared page (the page cache
 * keeps the video objects, so this lives as long as they do): a request then only joins strings.
 */
const heads = new WeakMap<Video, string>();
function headOf(video: Video): string {
  let head = heads.get(video);
  if (head === undefined) {
    const { isLiked: _liked, isRated: _rated, ...rest } = video;
    head = `${JSON.stringify(rest).slice(0, -1)},"isLiked":`;
    heads.set(video, head);
  }
  return head;
}

/**
 * The same JSON as JSON.stringify of {data, links} with the viewer's flags in the videos (ADR 0026: the
 * home feed's serialization was the largest piece of its time after the database). isLiked and isRated
 * come last in each video: JSON objects have no order.
 */
export function viewerPageJson(request: FastifyRequest, page: ViewerPage): string {
  let body = '{"data":[';
  for (let i = 0; i < page.videos.length; i += 1) {
    const video = page.videos[i]!;
    if (i > 0) body += ',';
    body += headOf(video);
    body += page.liked.has(video.id) ? 'true,"isRated":' : 'false,"isRated":';
    body += page.rated.has(video.id) ? 'true}' : 'false}';
  }
  return `${body}],"links":{"next":${JSON.stringify(nextLink(request, page.next))}}}`;
}

/** viewer.md §2 and §7: the feeds. Every list is `{data, links: {next}}` with a keyset cursor. */
export const feedRoutes: FastifyPluginAsyncZod<{ feed: FeedService }> = async (app, { feed }) => {
  // The hottest routes: their answers are built by typed code (toVideo) and checked against the contract
  // by the API tests, so they are not validated again on every request (a third of the home feed's
  // time at load). The schemas still validate requests and document the answers.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const common = { tags: ['feed'], security: optionalBearer, response: { 200: videoListResponseSchema, ...errors } };

  app.get(
    '/videos',
    { schema: { ...common, summary: `Home feed, ${FEED_PAGE_SIZE} a page, ranked (ADR 0007)`, querystring: homeFeedQuerySchema } },
    async (request, reply) => {
      const page = await feed.homePage(request.query, viewerOf(request, request.query.guest_id));
      // A string with a JSON type is sent as it is (no serializer); the type provider only knows the object form.
      return reply.type('application/json; charset=utf-8').send(viewerPageJson(request, page) as never);
    },
  );

  app.get(
    '/videos/start/:id',
    { schema: { ...common, summary: 'The video first, then the home feed; 404 unless published', params: z.object({ id }), querystring: feedQuerySchema } },
    async (request) => answer(request, await feed.start(request.params.id, request.query, viewerOf(request, request.query.guest_id))),
  );

  app.get(
    '/tags/:id/videos',
    { schema: { ...common, summary: `A tag's videos for its grid, ${GRID_PAGE_SIZE} a page`, params: z.object({ id }), querystring: gridQuerySchema } },
    async (request) => answer(request, await feed.tagGrid(request.params.id, request.query, viewerOf(request, request.query.guest_id))),
  );

  app.get(
    '/tags/:slug/videos/:id',
    {
      schema: {
        ...common,
        summary: "A tag's recommended feed starting at a video",
        params: z.object({ slug: z.string().min(1).max(80), id }),
        querystring: feedQuerySchema,
      },
    },
    async (request) => answer(request, await feed.tagRecommended(request.params.slug, request.params.id, request.query, viewerOf(request, request.query.guest_id))),
  );

  app.get(
    '/discover/category/:category/videos',
    {
      schema: {
        ...common,
        summary: 'Most liked or viewed, this week or all time',
        params: z.object({ category: z.enum(discoverCategories) }),
        querystring: feedQuerySchema,
      },
    },
    async (request) => answer(request, await feed.discoverCategory(request.params.category, request.query, viewerOf(request, request.query.guest_id))),
  );

  app.get(
    '/discover/webcam-site/:site/videos',
    {
      schema: {
        ...common,
        summary: '"Best of {site}": videos of creators with a link on one of the site\'s hosts; 404 for no such site',
        params: z.object({ site: z.string().regex(/^[a-z0-9.-]{2,100}$/i) }),
        querystring: feedQuerySchema,
      },
    },
    async (request) => answer(request, await feed.webcamSite(request.params.site, request.query, viewerOf(request, request.query.guest_id))),
  );

  app.get(
    '/users/:id/videos',
    {
      schema: {
        ...common,
        summary: "A creator's published videos, newest first (by id or slug)",
        params: z.object({ id: z.string().min(1).max(80) }),
        querystring: gridQuerySchema,
      },
    },
    async (request) => answer(request, await feed.userVideos(request.params.id, request.query, viewerOf(request, request.query.guest_id))),
  );

  app.get(
    '/video-rating/unrated',
    {
      schema: {
        ...common,
        summary: `Rating list: published videos the signed-in viewer has not rated (a guest: all), newest first, ${GRID_PAGE_SIZE} a page; gender defaults to every category`,
        querystring: ratingListQuerySchema,
      },
    },
    async (request) => answer(request, await feed.unrated(request.query, viewerOf(request, request.query.guest_id))),
  );

  app.get(
    '/video-rating/rated',
    {
      schema: {
        ...common,
        summary: `Rating list: the signed-in viewer's rated videos with myRating, most recently rated first, ${GRID_PAGE_SIZE} a page; empty for a guest`,
        querystring: ratingListQuerySchema,
        response: { ...common.response, 200: ratedVideoListResponseSchema },
      },
    },
    async (request) => answer(request, await feed.rated(request.query, viewerOf(request, request.query.guest_id))),
  );

  app.get(
    '/sidebar/left',
    {
      schema: {
        tags: ['feed'],
        summary: `Left sidebar (viewer.md §2, §7): recommended videos by page, ${SIDEBAR_PAGE_SIZE} a page, each with the tag whose recommended feed it opens; the same for every viewer in one place (geo-blocking leaves some creators out)`,
        querystring: sidebarQuerySchema,
        response: { 200: sidebarListResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => {
      const { data, next } = await feed.sidebar(request.query, viewerOf(request, undefined));
      return { data, links: { next: nextSidebarLink(request, next) } };
    },
  );

  app.get(
    '/tags',
    {
      schema: {
        tags: ['feed'],
        summary: 'Tags with videos in the given categories, by name; `search` matches the start of a tag',
        querystring: tagsQuerySchema,
        response: { 200: tagListResponseSchema, 422: errorResponseSchema },
      },
    },
    async (request) => answer(request, await feed.tags(request.query)),
  );
};
