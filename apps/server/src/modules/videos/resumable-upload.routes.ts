import { errorResponseSchema, UPLOAD_BYTES_PER_DAY, UPLOADS_OPEN_MAX, uploadResponseSchema, VIDEO_MAX_BYTES, videoMessages } from '@flick/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Locker } from '@tus/utils';
import type { ObjectStore } from '../../lib/object-store.ts';
import { signedInUser } from '../../plugins/authenticate.ts';
import { HttpError } from '../../lib/http-error.ts';
import { resumableUploads } from './resumable-upload.ts';
import type { UploadQuota } from './upload-quota.ts';
import type { VideosService } from './videos.service.ts';

const UPLOAD_NOT_FOUND = 'This upload does not exist any more. Start the upload again.';
export const UPLOAD_LENGTH_REQUIRED = 'Give the length of the file (Upload-Length) when the upload starts.';
const SWEEP_INTERVAL_MS = 60 * 60_000;

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 413: errorResponseSchema, 422: errorResponseSchema };
const params = z.object({ id: z.string() });
const common = { tags: ['videos'], security: [{ bearer: [] }] };

/** What the tus server's own refusals (plain text) become: the app's `{ message }`. */
async function refusalMessage(response: Response): Promise<string> {
  if (response.status === 413) return videoMessages.tooBig;
  if (response.status === 404 || response.status === 410) return UPLOAD_NOT_FOUND;
  return (await response.text()).trim() || 'The upload request was refused.';
}

/**
 * Resumable upload (tus 1.0) at /v1/videos/uploads, for verified creators: the same limits and the same
 * `{ videoId, screenshot }` as POST /v1/videos/upload, answered by the PATCH that completes the file.
 */
export const resumableUploadRoutes: FastifyPluginAsyncZod<{
  videos: VideosService;
  quota: UploadQuota;
  directory: string;
  locker?: Locker;
  objects?: ObjectStore;
}> = async (app, { videos, quota, directory, locker, objects }) => {
  const uploads = resumableUploads({ directory, endpoint: `${app.prefix}/videos/uploads`, videos, quota, logger: app.log, locker, objects });

  // PATCH bodies are the file itself: left unread here, tus streams them to disk.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const canUpload = async (request: FastifyRequest) => videos.ensureCanUpload(signedInUser(request));
  const withinSizeLimit = async (request: FastifyRequest) => {
    // A length given later (creation-defer-length) would have counted as nothing in the quota.
    if (request.headers['upload-length'] === undefined) throw new HttpError(400, UPLOAD_LENGTH_REQUIRED);
    if (Number(request.headers['upload-length']) > VIDEO_MAX_BYTES) throw new HttpError(413, videoMessages.tooBig);
  };
  const ownUpload = async (request: FastifyRequest) => {
    const { id } = params.parse(request.params);
    if (!(await uploads.isUploadOf(id, signedInUser(request)))) throw new HttpError(404, UPLOAD_NOT_FOUND);
  };

  async function forward(request: FastifyRequest, reply: FastifyReply, uploadId?: string) {
    const { response, result, failure } = await uploads.handle(request, signedInUser(request), uploadId);
    response.headers.forEach((value, name) => {
      // The body is ours to shape: tus's Response calls its empty body text/plain.
      if (name !== 'content-length' && name !== 'content-type') reply.header(name, value);
    });
    if (failure) throw failure;
    if (!response.ok) throw new HttpError(response.status, await refusalMessage(response));
    return reply.code(response.status).send(result);
  }

  const onCollection = { preHandler: [app.requireUser, canUpload] };
  const onUpload = { preHandler: [app.requireUser, canUpload, ownUpload] };

  app.post(
    '/videos/uploads',
    {
      preHandler: [app.requireUser, canUpload, withinSizeLimit],
      schema: {
        ...common,
        summary: 'Start a resumable upload (tus 1.0 creation; verified creators; at most 2 GB and 30 minutes)',
        description:
          'Headers `Tus-Resumable: 1.0.0`, `Upload-Length` and `Upload-Metadata` (`filename`, `filetype`). ' +
          'Answers 201 with the upload URL in `Location`; the data goes in PATCH requests to it. ' +
          'Unfinished uploads expire after 24 hours (`Upload-Expires`). ' +
          `A creator has at most ${UPLOADS_OPEN_MAX} uploads under way and starts at most ${UPLOAD_BYTES_PER_DAY / 1024 ** 3} GB (declared lengths) in 24 hours: beyond, 429.`,
        response: { ...errors, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    forward,
  );

  app.options('/videos/uploads', { ...onCollection, schema: { ...common, summary: 'tus capabilities (version, extensions, maximum size)', response: errors } }, forward);

  app.head(
    '/videos/uploads/:id',
    {
      ...onUpload,
      config: { swagger: { exposeHeadRoute: true } },
      schema: { ...common, params, summary: "How much of one's own upload arrived (`Upload-Offset`): where to resume", response: errors },
    },
    (request, reply) => forward(request, reply, request.params.id),
  );

  app.patch(
    '/videos/uploads/:id',
    {
      ...onUpload,
      schema: {
        ...common,
        params,
        summary: 'Send bytes of an upload from `Upload-Offset` (`Content-Type: application/offset+octet-stream`)',
        description:
          'Answers 204 with the new `Upload-Offset`. The request that completes the file answers 200 with ' +
          '`{ videoId, screenshot }`, or the refusal (422 not a video or over 30 minutes) and the upload is gone.',
        response: { 200: uploadResponseSchema, ...errors },
      },
    },
    (request, reply) => forward(request, reply, request.params.id),
  );

  app.delete(
    '/videos/uploads/:id',
    { ...onUpload, schema: { ...common, params, summary: 'Cancel an upload and delete what arrived (tus termination)', response: errors } },
    (request, reply) => forward(request, reply, request.params.id),
  );

  await uploads.sweep();
  const sweeping = setInterval(() => void uploads.sweep(), SWEEP_INTERVAL_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeping));
};
