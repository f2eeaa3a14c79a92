import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAdsRoutes, type AdminAdsOptions } from './admin-ads.routes.ts';
import type { AdminContent } from './admin-content.service.ts';
import type { AdminHolds } from './admin-holds.service.ts';
import { adminHoldsRoutes } from './admin-holds.routes.ts';
import { adminContentRoutes } from './admin-content.routes.ts';
import type { AdminModeration } from './admin-moderation.service.ts';
import { adminModerationRoutes } from './admin-moderation.routes.ts';
import { adminOverviewRoutes } from './admin-overview.routes.ts';
import type { AdminPeople } from './admin-people.service.ts';
import { adminPeopleRoutes } from './admin-people.routes.ts';
import { adminOnly } from './admin-request.ts';
import type { AdminSites } from './admin-sites.service.ts';
import { adminSitesRoutes } from './admin-sites.routes.ts';
import { adminVerificationRoutes } from './admin-verification.routes.ts';
import type { AdminService } from './admin.service.ts';

/**
 * The admin console's API, all under /v1/admin (ADR 0015): one routes file per area, each given its
 * service only, behind one admin check.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  admins: AdminService;
  people: AdminPeople;
  moderation: AdminModeration;
  content: AdminContent;
  sites: AdminSites;
  adsAdmin: AdminAdsOptions;
  holds: AdminHolds;
}> = async (app, { admins, people, moderation, content, sites, adsAdmin, holds }) => {
  adminOnly(app);

  await app.register(adminAdsRoutes, adsAdmin);
  await app.register(adminOverviewRoutes, { admins });
  await app.register(adminVerificationRoutes, { admins, content });
  await app.register(adminPeopleRoutes, { people });
  await app.register(adminModerationRoutes, { moderation });
  await app.register(adminHoldsRoutes, { holds });
  await app.register(adminContentRoutes, { content });
  await app.register(adminSitesRoutes, { sites });
};
