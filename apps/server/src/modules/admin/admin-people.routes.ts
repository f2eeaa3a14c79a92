import { adminBanSchema, adminPeopleListSchema, adminPeopleQuerySchema, adminPersonSchema, adminRoleSchema } from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, idParams } from '../../lib/route-schemas.ts';
import type { AdminPeople } from './admin-people.service.ts';
import { adminRoute, deciding } from './admin-request.ts';

const personResponse = { 200: adminPersonSchema, ...adminErrors };

/** People in the console (ADR 0015): find accounts, ban and unban them, make or revoke admins. */
export const adminPeopleRoutes: FastifyPluginAsyncZod<{ people: AdminPeople }> = async (app, { people }) => {
  app.get(
    '/users',
    {
      schema: {
        ...adminRoute,
        summary: 'People: accounts by e-mail, username or name (newest first), with type, verification, studio, videos and reports',
        querystring: adminPeopleQuerySchema,
        response: { 200: adminPeopleListSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await people.search(request.query.query) }),
  );

  app.get('/users/:id', { schema: { ...adminRoute, summary: 'One account as People shows it', params: idParams, response: personResponse } }, async (request) =>
    people.person(request.params.id),
  );

  app.post(
    '/users/:id/ban',
    {
      schema: {
        ...adminRoute,
        summary: 'Ban: signs the account out everywhere, hides its profile and videos, refuses its sign-in (409 when already banned)',
        params: idParams,
        body: adminBanSchema,
        response: personResponse,
      },
    },
    async (request) => people.ban(deciding(request), request.params.id, request.body.reason),
  );

  app.post(
    '/users/:id/unban',
    { schema: { ...adminRoute, summary: 'Lift a ban: sign-in allowed, the videos the ban hid shown again', params: idParams, response: personResponse } },
    async (request) => people.unban(deciding(request), request.params.id),
  );

  app.post(
    '/users/:id/admin',
    {
      schema: {
        ...adminRoute,
        summary: "Make an account an admin ({isAdmin: true}) or revoke it; never one's own",
        params: idParams,
        body: adminRoleSchema,
        response: personResponse,
      },
    },
    async (request) => people.setAdmin(deciding(request), request.params.id, request.body.isAdmin),
  );
};
