import {
  errorResponseSchema,
  listResponseSchema,
  messageResponseSchema,
  uploadDetailsRequestSchema,
  uploadResponseSchema,
  type UploadResponse,
  VIDEO_MAX_BYTES,
  videoMessages,
  videoSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { isAdminPrincipal, signedInUser } from '../../plugins/authenticate.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { UploadQuota } from './upload-quota.ts';
import type { VideosService } from './videos.service.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 413: errorResponseSchema, 422: errorResponseSchema };

export const videosRoutes: FastifyPluginAsyncZod<{ videos: VideosService; quota: UploadQuota }> = async (app, { videos, quota }) => {
  app.post(
    '/videos/upload',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['videos'],
        summary: 'Upload a video (multipart field `video`; verified creators; at most 2 GB and 30 minutes)',
        description: 'Counts in the same quota as resumable uploads (POST /v1/videos/uploads): beyond it, 429 before the body is read.',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      videos.ensureCanUpload(user);
      // Refuse an announced oversize body before reading a byte of it.
      const announced = Number(request.headers['content-length'] ?? VIDEO_MAX_BYTES);
      if (announced > VIDEO_MAX_BYTES + 1024 * 1024) {
        reply.header('connection', 'close');
        throw new HttpError(413, videoMessages.tooBig);
      }
      if (!request.isMultipart()) throw new HttpError(415, 'Send the video as multipart/form-data.');
      // Under way while the body arrives, in the same quota as resumable uploads (SECURITY.md).
      const started = `multipart-${randomUUID()}`;
      const declared = Number.isSafeInteger(announced) && announced >= 0 ? Math.min(announced, VIDEO_MAX_BYTES) : VIDEO_MAX_BYTES;
      await quota.reserve(user.id, started, declared).catch((error: unknown) => {
        reply.header('connection', 'close');
        throw error;
      });
      let result: UploadResponse;
      try {
        const file = await request.file({ limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 5 } });
        result = await videos.upload(user, file);
      } finally {
        await quota.close(started);
      }
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/videos/upload-details',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['videos'],
        summary: 'Title, tags, NSFW flag and optional publish date of an uploaded video',
        security: [{ bearer: [] }],
        body: uploadDetailsRequestSchema,
        response: { 200: z.object({ message: z.string(), video: videoSchema }), ...errors },
      },
    },
    async (request) => {
      const video = await videos.saveDetails(signedInUser(request), request.body);
      return { message: videoMessages.uploadSuccess, video };
    },
  );

  app.get(
    '/profile/videos',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['videos'],
        summary: "The signed-in creator's own videos in every status, newest first",
        security: [{ bearer: [] }],
        querystring: z.object({ before: z.coerce.number().int().positive().optional() }),
        response: { 200: listResponseSchema(videoSchema), 401: errorResponseSchema },
      },
    },
    async (request) => {
      const page = await videos.listOwn(signedInUser(request), request.query.before);
      return { data: page.data, links: { next: page.nextBefore ? `/v1/profile/videos?before=${page.nextBefore}` : null } };
    },
  );

  app.get(
    '/videos/:id/delete',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['videos'],
        summary: 'Delete a video (owner or admin): it leaves every list at once, a job purges its files',
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await videos.delete(signedInUser(request), request.params.id, { asAdmin: isAdminPrincipal(request) });
      return { message: videoMessages.deleted };
    },
  );
};
