/**
 * The allowed arrows between the rooms of the tree (docs/decisions/0009-one-way-dependencies.md).
 * `npm run lint` runs it (`npm run lint:deps` alone); an import that breaks an arrow fails with the
 * rule's name and the comment below, which says why. To add a feature or a module, add it here with
 * the rooms it may import; the test beside the rules (scripts/dependency-rules) refuses a circle.
 */

/**
 * Web features and what each may import besides itself. The shared domains (session, client-config,
 * preferences, live-cams, videos, creators, videos-rating, ads) are what features share; a screen feature
 * (account, auth, feed, profile, upload, verification, support, static-pages, channels, discover, sidebar, live, stats, geo-blocking, studios, admin, performers) is imported by no other
 * feature, only composed by app/.
 */
const webFeatures = {
  // shared domains (webDomains below), lowest first
  session: [],
  'client-config': [],
  'live-cams': [],
  preferences: ['session'],
  // A grid's tiles blur NSFW pictures when the viewer asked for it (preferences/stores/discretion.ts, issue 31).
  videos: ['session', 'preferences'],
  // A rating makes the rating lists (videos/api/grid-paths.ts) stale.
  'videos-rating': ['videos'],
  creators: ['session'],
  // The ad slots, breaks and the loader of the ad control script (issue 16).
  ads: ['session', 'client-config', 'preferences'],
  // screen features
  account: ['session', 'client-config'],
  auth: ['session', 'preferences'],
  feed: ['session', 'client-config', 'live-cams', 'preferences', 'videos', 'videos-rating', 'creators', 'ads'],
  profile: ['session', 'videos', 'creators'],
  upload: ['session'],
  verification: ['session'],
  support: [],
  'static-pages': [],
  channels: [],
  discover: ['session', 'preferences', 'videos'],
  sidebar: ['preferences', 'ads'],
  live: ['preferences', 'creators'],
  stats: [],
  'geo-blocking': ['session'],
  studios: ['session'],
  admin: ['videos'],
  // The age gate (ADR 0030): its own calls and screen; the route gives it the quick exit's address.
  'age-gate': [],
  // Who is in a video (ADR 0029): the upload's declaration, a co-performer's requests, a profile's "Appears in" grid.
  performers: ['session', 'videos', 'preferences'],
  // A person's data is theirs (ADR 0031): Download my data and Delete account.
  'personal-data': ['session'],
};
const webDomains = ['session', 'client-config', 'live-cams', 'preferences', 'videos', 'videos-rating', 'creators', 'ads'];

/** Server modules and what each may import besides itself (plugins, jobs, lib, db and config lie below them all). */
const serverModules = {
  accounts: [],
  health: [],
  'client-config': [],
  pages: [],
  contact: [],
  'webcam-sites': [],
  videos: [],
  // Perceptual fingerprints of videos and imported hash lists (ADR 0028): the composition roots hand the service to videos and admin.
  fingerprints: [],
  // Consent of everyone depicted (ADR 0029): holds on videos, the uploader's and co-performers' verification, the feed's hydration for the appearances grid.
  performers: ['accounts', 'verification', 'videos', 'visibility', 'feed', 'tracking'],
  // Who is hidden from whom (ADR 0024): every list and page asks it, so it sits low and imports no module.
  visibility: [],
  // A creator's countries and regions (ADR 0013), which feed the visibility index.
  'geo-blocking': ['visibility'],
  // Age rules per place, the gate's calls and the OpenID round trip to the age-assurance provider (ADR 0030).
  'age-assurance': [],
  // A studio's console counts what viewers can see: the videos module's PUBLISHED_SQL.
  studios: ['accounts', 'videos'],
  // The admin console reads across the platform and decides through the modules that own each thing.
  admin: ['accounts', 'verification', 'videos', 'studios', 'webcam-sites', 'ads', 'pages', 'performers', 'age-assurance'],
  feed: ['videos', 'webcam-sites', 'visibility'],
  tracking: ['videos'],
  // Ads count impressions and clicks through the tracking module's counter buffer.
  ads: ['tracking'],
  auth: ['accounts'],
  // A person's data is theirs (ADR 0031): deletion and export. Auth asks it at sign-in through a function the app hands in, not an import.
  'personal-data': ['accounts', 'auth'],
  verification: ['accounts'],
  // A creator's links (user_links) name the webcam site that said they are live (ADR 0012, ADR 0023).
  users: ['accounts', 'videos', 'visibility', 'webcam-sites'],
  discover: ['accounts', 'feed', 'videos', 'webcam-sites', 'visibility'],
  profile: ['accounts', 'users', 'feed', 'videos', 'visibility', 'studios'],
  live: ['accounts', 'users', 'visibility'],
  // Demo content is seeded through the other modules' services; nothing imports it.
  demo: ['accounts', 'users', 'videos'],
  // How long personal data is kept (issue 31): the policy table and the job enforcing it; the sign-in backoff's day is its own rule.
  retention: ['auth'],
};

const web = 'apps/web/src';
const server = 'apps/server/src';
const names = (list) => list.map((name) => name.replace(/[-]/g, '\\-')).join('|');
const tests = '\\.test\\.tsx?$';

const featureRules = Object.entries(webFeatures).map(([feature, allowed]) => ({
  name: `web-feature-${feature}`,
  comment:
    allowed.length > 0
      ? `features/${feature} may import only these features: ${allowed.join(', ')} (.dependency-cruiser.cjs, ADR 0009). What two features share moves down into a shared domain; app/ composes screens.`
      : `features/${feature} imports no other feature (.dependency-cruiser.cjs, ADR 0009). What two features share moves down into a shared domain; app/ composes screens.`,
  severity: 'error',
  from: { path: `^${web}/features/${feature}/` },
  to: { path: `^${web}/features/`, pathNot: `^${web}/features/(${names([feature, ...allowed])})/` },
}));

const moduleRules = Object.entries(serverModules).map(([module, allowed]) => ({
  name: `server-module-${module}`,
  comment:
    allowed.length > 0
      ? `modules/${module} may import only these modules: ${allowed.join(', ')} (.dependency-cruiser.cjs, ADR 0009). What two modules share moves down into a lower module or lib/.`
      : `modules/${module} imports no other module (.dependency-cruiser.cjs, ADR 0009). What two modules share moves down into a lower module or lib/.`,
  severity: 'error',
  from: { path: `^${server}/modules/${module}/` },
  to: { path: `^${server}/modules/`, pathNot: `^${server}/modules/(${names([module, ...allowed])})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files import each other in a circle: move what both need into a third file below them.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    // Web: app -> features -> shared (components, lib, hooks, config) -> @flick/contract.
    {
      name: 'web-feature-declared',
      comment: `Every web feature is declared in .dependency-cruiser.cjs with the features it may import (ADR 0009).`,
      severity: 'error',
      from: { path: `^${web}/features/`, pathNot: `^${web}/features/(${names(Object.keys(webFeatures))})/` },
      to: {},
    },
    {
      name: 'web-shared-below-features',
      comment:
        'components/, lib/, hooks/, config/ and types/ are shared by every feature, so they import no feature and not app/ (STYLE.md rule 2, ADR 0009). Pass what they need in as props or arguments, or move the piece up into the feature.',
      severity: 'error',
      from: { path: `^${web}/(components|lib|hooks|config|types)/` },
      to: { path: `^${web}/(app|features)/` },
    },
    {
      name: 'web-features-below-app',
      comment: 'app/ (routes, router, the shell) composes features; a feature never imports app/ (ADR 0009).',
      severity: 'error',
      from: { path: `^${web}/features/` },
      to: { path: `^${web}/app/` },
    },
    {
      name: 'web-testing-only-in-tests',
      comment: 'testing/ folders hold test helpers: only tests and other helpers import them.',
      severity: 'error',
      from: { path: `^${web}/`, pathNot: [`${tests}`, '/testing/'] },
      to: { path: '/testing/' },
    },
    {
      name: 'web-never-server',
      comment: 'The web app talks to the server over HTTP only; shapes come from @flick/contract (DESIGN.md "Shape").',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    ...featureRules,
    // Server: composition roots (main, server, app, worker, cli) -> modules -> plugins, jobs -> lib, db, config.
    {
      name: 'server-module-declared',
      comment: 'Every server module is declared in .dependency-cruiser.cjs with the modules it may import (ADR 0009).',
      severity: 'error',
      from: { path: `^${server}/modules/`, pathNot: `^${server}/modules/(${names(Object.keys(serverModules))})/` },
      to: {},
    },
    {
      name: 'server-modules-below-roots',
      comment: 'Only the composition roots (main, server, app, worker, cli) build the app from modules; a module never imports them (ADR 0009).',
      severity: 'error',
      from: { path: `^${server}/(modules|plugins|jobs|lib|db|config)/` },
      to: { path: `^${server}/([^/]+\\.ts$|cli/)` },
    },
    {
      name: 'server-plugins-below-modules',
      comment: 'plugins/ are the HTTP layer every module uses, so they import no module: the app passes in what a plugin needs (ADR 0009).',
      severity: 'error',
      from: { path: `^${server}/plugins/` },
      to: { path: `^${server}/(modules|jobs)/` },
    },
    {
      name: 'server-jobs-below-modules',
      comment: 'jobs/ knows job names, payloads and policies only; each module registers its own handlers at start (ADR 0009).',
      severity: 'error',
      from: { path: `^${server}/jobs/` },
      to: { path: `^${server}/(modules|plugins)/` },
    },
    {
      name: 'server-lib-at-the-bottom',
      comment: 'lib/, db/ and config/ are the bottom of the server: they import no module, plugin or job (errors live in lib/, ADR 0009).',
      severity: 'error',
      from: { path: `^${server}/(lib|db|config)/` },
      to: { path: `^${server}/(modules|plugins|jobs)/` },
    },
    ...moduleRules,
    {
      name: 'packages-below-apps',
      comment: 'The contract and media packages sit under both apps and import neither (DESIGN.md "Shape").',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/'] },
    // Type-only imports are arrows too: a type from another room is a dependency on it.
    tsPreCompilationDeps: true,
  },
};
// For the rules' own test (no circle among the declared arrows); not enumerable, so the config schema ignores it.
Object.defineProperty(module.exports, 'arrows', { value: { webFeatures, webDomains, serverModules } });
