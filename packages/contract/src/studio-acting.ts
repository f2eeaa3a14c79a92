/** Studio managers acting for members (ADR 0014): no zod here, the web's API client imports it. */

/** The header a manager sends to act for a member: the member's user id. */
export const STUDIO_ACT_FOR_HEADER = 'x-flick-act-for';

/**
 * What a manager may do for a member (accounts.md §2: access and modify the profile, upload and manage
 * videos): these routes only, as Fastify names them. `action` names a write in the studio's record; a
 * read (null) is not recorded. The server refuses the header anywhere else; the web sends it only here.
 */
export const STUDIO_ACTING_ROUTES: readonly { method: 'GET' | 'POST' | 'PUT' | 'HEAD' | 'PATCH' | 'DELETE'; route: string; action: string | null }[] = [
  { method: 'GET', route: '/v1/profile', action: null },
  { method: 'POST', route: '/v1/profile', action: 'edited the profile' },
  { method: 'POST', route: '/v1/profile/stats', action: null },
  { method: 'POST', route: '/v1/profile/links/:id/important', action: 'marked a link important' },
  { method: 'POST', route: '/v1/profile/links/:id/live', action: 'changed the live status of a link' },
  { method: 'GET', route: '/v1/profile/videos', action: null },
  { method: 'POST', route: '/v1/videos/upload', action: 'uploaded a video' },
  { method: 'POST', route: '/v1/videos/uploads', action: 'started uploading a video' },
  // The bytes of an upload: recorded once, when it started.
  { method: 'HEAD', route: '/v1/videos/uploads/:id', action: null },
  { method: 'PATCH', route: '/v1/videos/uploads/:id', action: null },
  { method: 'DELETE', route: '/v1/videos/uploads/:id', action: 'cancelled an upload' },
  { method: 'POST', route: '/v1/videos/upload-details', action: 'saved the details of a video' },
  { method: 'GET', route: '/v1/videos/:id/delete', action: 'deleted a video' },
  // Saying who is in a video is part of uploading it; answering a request to appear is the person's own (ADR 0029).
  { method: 'GET', route: '/v1/videos/:id/performers', action: null },
  { method: 'PUT', route: '/v1/videos/:id/performers', action: 'declared who is in a video' },
  { method: 'POST', route: '/v1/videos/:id/performers/releases', action: 'added a co-performer release' },
  { method: 'DELETE', route: '/v1/videos/:id/performers/:performer', action: 'removed a co-performer' },
  { method: 'GET', route: '/v1/profile/get-geo-blocked-countries', action: null },
  { method: 'POST', route: '/v1/profile/add-geo-blocked-country', action: 'blocked a country or region' },
  { method: 'POST', route: '/v1/profile/delete-geo-blocked-country', action: 'unblocked a country or region' },
];

const actingPatterns = STUDIO_ACTING_ROUTES.map(({ method, route }) => ({
  method,
  pattern: new RegExp(`^${route.replace(/:[a-z]+/g, '[^/]+')}$`),
}));

/** Whether a request to this concrete path (with /v1, without the query) may carry STUDIO_ACT_FOR_HEADER. */
export const isStudioActingPath = (method: string, path: string) => actingPatterns.some((r) => r.method === method.toUpperCase() && r.pattern.test(path));
