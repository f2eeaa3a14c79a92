/** viewer.md §2 and accounts.md §2: the app's routes, in one place. */
export const paths = {
  home: '/',
  discover: '/discover',
  upload: '/upload',
  channels: '/channels',
  /** Creators live now: where Live Cams leads when no partner page is set (LIVECAMS_URL). */
  live: '/live',
  account: '/account',
  accountSettings: '/account/settings',
  accountSetting: (entry: string) => `/account/settings/${entry}`,
  accountHelp: '/account/help',
  accountStats: '/account/stats',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  support: '/support',
  page: (slug: string) => `/page/${slug}`,
  videosRating: (type: 'unrated' | 'rated') => `/videos-rating/${type}`,
  videosRatingFeed: '/videos-rating/feed',
  tag: (id: number) => `/tag/${id}`,
  contentBlocked: '/content-blocked',
} as const;

/** accounts.md §2: routes that need a token and user id, otherwise they go to /login (the admin console too, ADR 0015). */
export const loginGuardedPaths = [
  '/account',
  '/account/settings',
  '/account/settings/details',
  '/account/settings/gender',
  '/account/settings/password',
  '/account/settings/validation',
  '/account/settings/channel-color',
  '/account/settings/geo-blocking',
  '/account/settings/studio',
  '/join-studio',
  '/studio',
  '/account/following',
  '/account/stats',
  '/account/help',
  '/account/appearances',
  '/account/settings/data-export',
  '/account/settings/delete-account',
  '/videos-rating/:type',
  '/videos-rating/feed',
  '/admin/*',
] as const;

/** viewer.md §2: the feed routes built so far, as route patterns (one feed screen serves them all). */
export const feedRoutePatterns = [
  '/tag/:id/feed',
  '/tag/:slug/recommended/:videoId',
  '/video/:id',
  '/video/:id/:slug',
  '/discover/category/:category/feed',
  '/discover/webcam-site/:site/feed',
  '/:slug/feed',
] as const;
