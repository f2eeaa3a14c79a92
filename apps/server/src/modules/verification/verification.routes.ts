import { errorResponseSchema, profileUpdateResponseSchema, verificationMessages, verificationStateSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import { HttpError } from '../../lib/http-error.ts';
import { toProfileUser } from '../accounts/profile-user.ts';
import type { VerificationService } from './verification.service.ts';

export const verificationRoutes: FastifyPluginAsyncZod<{ verification: VerificationService }> = async (app, { verification }) => {
  app.get(
    '/profile/verification',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: "The signed-in creator's latest identity verification: its status, and the reason when it was rejected",
        security: [{ bearer: [] }],
        response: { 200: verificationStateSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const latest = await verification.latestFor(signedInUser(request).id);
      return {
        status: latest?.status ?? 'none',
        rejectionReason: latest?.status === 'rejected' ? latest.rejectionReason : null,
        submittedAt: latest?.createdAt.toISOString() ?? null,
        reviewedAt: latest?.reviewedAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/profile/verification',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary:
          'Identity verification (multipart): legal_name, address, identification, identification_id, gender, ' +
          'date_of_birth, age, country, stage_name + images front_picture_id, back_picture_id, face_picture_id, signature',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: profileUpdateResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          413: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data.');
      const user = await verification.submit(signedInUser(request), request.parts());
      return reply.code(201).send({ message: verificationMessages.submitted, user: toProfileUser(user) });
    },
  );
};
