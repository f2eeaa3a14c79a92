import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles } from '../dependency-report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const configFile = path.join(root, '.dependency-cruiser.cjs');
const { arrows } = createRequire(import.meta.url)(configFile) as {
  arrows: { webFeatures: Record<string, string[]>; webDomains: string[]; serverModules: Record<string, string[]> };
};

/** Cruises the fixture tree with the real rules, as `npm run lint:deps` cruises the real one. */
async function violationsInFixture() {
  const config = await extractDepcruiseConfig(configFile);
  const { output } = await cruise(['apps'], {
    ...config.options,
    baseDir: path.join(root, 'scripts/dependency-rules/fixtures'),
    validate: true,
    ruleSet: config as IFlattenedRuleSet,
  });
  return (output as ICruiseResult).summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`);
}

const graphOf = (allowed: Record<string, string[]>) => new Map(Object.entries(allowed).map(([room, to]) => [room, new Set(to)]));

describe('the dependency rules (ADR 0009)', () => {
  it('refuses each deliberately wrong import of the fixture, naming the rule it breaks', async () => {
    const violations = await violationsInFixture();
    expect(violations).toEqual(
      expect.arrayContaining([
        'web-feature-profile: apps/web/src/features/profile/components/profile-page.ts -> apps/web/src/features/feed/components/feed-screen.ts',
        'web-shared-below-features: apps/web/src/components/ui/avatar.ts -> apps/web/src/features/session/hooks/use-session.ts',
        'server-module-videos: apps/server/src/modules/videos/videos.service.ts -> apps/server/src/modules/users/users.service.ts',
        'server-plugins-below-modules: apps/server/src/plugins/authenticate.ts -> apps/server/src/modules/users/users.service.ts',
        'no-circular: apps/server/src/modules/users/users.service.ts -> apps/server/src/modules/videos/videos.service.ts',
      ]),
    );
  });

  it('lets a feature read a shared domain', async () => {
    const violations = await violationsInFixture();
    expect(violations.filter((violation) => violation.includes('-> apps/web/src/features/session/'))).toEqual([
      'web-shared-below-features: apps/web/src/components/ui/avatar.ts -> apps/web/src/features/session/hooks/use-session.ts',
    ]);
  });

  it('declares arrows without a circle, between rooms that exist', () => {
    expect(circles(graphOf(arrows.webFeatures))).toEqual([]);
    expect(circles(graphOf(arrows.serverModules))).toEqual([]);
    for (const [module, allowed] of Object.entries(arrows.serverModules)) {
      for (const to of allowed) expect(arrows.serverModules, `modules/${module} -> ${to}`).toHaveProperty([to]);
    }
  });

  it('lets features import shared domains only, so no screen feature depends on another', () => {
    for (const [feature, allowed] of Object.entries(arrows.webFeatures)) {
      expect(
        allowed.filter((to) => !arrows.webDomains.includes(to)),
        `features/${feature}`,
      ).toEqual([]);
    }
    for (const domain of arrows.webDomains) expect(arrows.webFeatures, domain).toHaveProperty([domain]);
  });
});
