/**
 * A creator's profile lives at /{slug} beside the app's own addresses (viewer.md §2), and a username is the
 * slug: none may be a first path segment the web app or the server uses, now or planned (SECURITY.md). A test
 * of the web app's router fails when one of its routes is missing here.
 */
export const RESERVED_HANDLES: readonly string[] = [
  // The web app's routes (apps/web/src/app/router.tsx).
  'account',
  'admin',
  'age-check',
  'channels',
  'content-blocked',
  'discover',
  'forgot-password',
  'join-studio',
  'live',
  'login',
  'page',
  'register',
  'removal-request',
  'reset-password',
  'studio',
  'support',
  'tag',
  'upload',
  'verify-email',
  'video',
  'videos-rating',
  // The server's: the API, media files, the build's assets and the ad script, metrics.
  'v1',
  'media',
  'assets',
  'ads',
  'metrics',
  'dev-age-provider',
  // Planned, or names a visitor would take for ours.
  'api',
  'docs',
  'feed',
  'flick',
  'health',
  'help',
  'logout',
  'root',
  'search',
  'settings',
  'static',
  'studios',
  'tags',
  'user',
  'users',
  'videos',
];

const reserved = new Set(RESERVED_HANDLES);

/** Whether a username may not be taken as a profile address, whatever its case. */
export const isReservedHandle = (handle: string) => reserved.has(handle.trim().toLowerCase());
