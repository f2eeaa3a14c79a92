import {
  AD_IMAGE_MAX_BYTES,
  AD_IMAGE_TYPES,
  AD_VIDEO_MAX_BYTES,
  AD_VIDEO_TYPES,
  adMessages,
  adminAdCampaignCreateSchema,
  adminAdCampaignSchema,
  adminAdCampaignUpdateSchema,
  adminAdCreativeUpdateSchema,
  adminAdCreativeUploadQuerySchema,
  adminAdReportQuerySchema,
  adminAdReportRowSchema,
  adminAdVastCreativeSchema,
} from '@flick/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import type { AdCampaignsService } from '../ads/ad-campaigns.service.ts';
import { adminErrors, idParams } from '../../lib/route-schemas.js';

const errors = adminErrors;
const campaignResponse = { 200: adminAdCampaignSchema, ...errors };

/** What the ads routes are given: the campaigns' service, never the pool (ADR 0010). */
export interface AdminAdsOptions {
  campaigns: AdCampaignsService;
}

/**
 * Ads in the admin console (ADR 0016): campaigns, their creatives (files uploaded as the request
 * body, made into our own) and the daily report. Registered inside the admin routes, behind their admin
 * check. Each write is decided and recorded by the service in one transaction (ADR 0015).
 */
export const adminAdsRoutes: FastifyPluginAsyncZod<AdminAdsOptions> = async (app, { campaigns }) => {
  const common = { tags: ['admin'], security: [{ bearer: [] }] };
  const adminId = (request: FastifyRequest) => request.user!.id;

  app.get(
    '/ads/campaigns',
    {
      schema: {
        ...common,
        summary: 'Ad campaigns with their creatives and counts, running first',
        response: { 200: z.object({ data: z.array(adminAdCampaignSchema) }), ...errors },
      },
    },
    async () => ({ data: await campaigns.list() }),
  );

  app.post(
    '/ads/campaigns',
    { schema: { ...common, summary: 'A new ad campaign (it shows once it has a creative)', body: adminAdCampaignCreateSchema, response: campaignResponse } },
    async (request) => campaigns.create(adminId(request), request.body),
  );

  app.post(
    '/ads/campaigns/:id',
    {
      schema: {
        ...common,
        summary: "Edit a campaign's dates, caps, targeting or weight; pause or resume it",
        params: idParams,
        body: adminAdCampaignUpdateSchema,
        response: campaignResponse,
      },
    },
    async (request) => campaigns.update(adminId(request), request.params.id, request.body),
  );

  app.get('/ads/campaigns/:id', { schema: { ...common, summary: 'One campaign', params: idParams, response: campaignResponse } }, async (request) =>
    campaigns.one(request.params.id),
  );

  // Creatives: the picture or video itself as the body; the click address (and a picture's slot) in the query.
  await app.register(async (scope) => {
    const files = scope.withTypeProvider<ZodTypeProvider>();
    files.addContentTypeParser([...AD_IMAGE_TYPES], { parseAs: 'buffer', bodyLimit: AD_IMAGE_MAX_BYTES + 1024 }, (_request, body, done) => done(null, body));
    files.addContentTypeParser([...AD_VIDEO_TYPES], { parseAs: 'buffer', bodyLimit: AD_VIDEO_MAX_BYTES + 1024 }, (_request, body, done) => done(null, body));
    files.post(
      '/ads/campaigns/:id/creatives',
      {
        bodyLimit: AD_VIDEO_MAX_BYTES + 1024,
        schema: {
          ...common,
          summary:
            'A creative from a file: a picture (PNG, JPEG, WebP) made for one slot (200), or a video (MP4, WebM, QuickTime) for instream, ' +
            'probed at once and made ours by a job (202: the creative is processing, and shows once ready)',
          params: idParams,
          querystring: adminAdCreativeUploadQuerySchema,
          response: { ...campaignResponse, 202: adminAdCampaignSchema },
        },
      },
      async (request, reply) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!Buffer.isBuffer(request.body)) throw new HttpError(422, adMessages.imageType);
        const { id } = request.params;
        if ((AD_VIDEO_TYPES as readonly string[]).includes(type)) {
          const campaign = await campaigns.addVideo(adminId(request), id, request.body, request.query.click_url);
          return reply.code(202).send(campaign);
        }
        return campaigns.addImage(adminId(request), id, request.query.placement, request.body, request.query.click_url);
      },
    );
  });

  app.post(
    '/ads/campaigns/:id/vast',
    { schema: { ...common, summary: "An outside ad server's VAST tag, played instream", params: idParams, body: adminAdVastCreativeSchema, response: campaignResponse } },
    async (request) => campaigns.addVast(adminId(request), request.params.id, request.body.vastUrl, request.body.clickUrl),
  );

  app.post(
    '/ads/creatives/:id',
    { schema: { ...common, summary: 'Stop or resume showing one creative', params: idParams, body: adminAdCreativeUpdateSchema, response: campaignResponse } },
    async (request) => campaigns.setCreativeActive(adminId(request), request.params.id, request.body.active),
  );

  app.get(
    '/ads/report',
    {
      schema: {
        ...common,
        summary: 'Impressions, clicks and click-through rate per day, campaign and placement',
        querystring: adminAdReportQuerySchema,
        response: { 200: z.object({ data: z.array(adminAdReportRowSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await campaigns.report(request.query.from, request.query.to, request.query.campaign_id) }),
  );
};
