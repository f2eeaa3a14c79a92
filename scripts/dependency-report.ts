import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { createRequire } from 'node:module';

/**
 * `npm run deps:report`: how the rooms of the tree lean on each other. Counts the imports that cross
 * from one web feature to another (and how many of them go anywhere but a shared domain) and from one
 * server module to another, lists each such arrow with its number of imports, and counts the
 * folder-level circles (groups of rooms that reach each other), whose goal is 0. Product code only:
 * tests and testing/ helpers render the whole app, so they may reach across. ADR 0009 says which arrows
 * are allowed; `npm run lint` enforces them (.dependency-cruiser.cjs).
 */

/** The room a file lives in: a web feature or shared folder, a server module or layer. */
export function roomOf(file: string): string | undefined {
  const web = /^apps\/web\/src\/(features|components)\/([^/]+)\//.exec(file);
  if (web) return `web/${web[1]}/${web[2]}`;
  const webTop = /^apps\/web\/src\/([^/]+)\//.exec(file);
  if (webTop) return `web/${webTop[1]}`;
  const module = /^apps\/server\/src\/modules\/([^/]+)\//.exec(file);
  if (module) return `server/modules/${module[1]}`;
  const serverTop = /^apps\/server\/src\/([^/]+)\//.exec(file);
  if (serverTop) return `server/${serverTop[1]}`;
  const pkg = /^packages\/([^/]+)\//.exec(file);
  if (pkg) return `packages/${pkg[1]}`;
  return undefined;
}

/** Groups of two or more rooms that reach each other (Tarjan's strongly connected components). */
export function circles(arrows: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (room: string) => {
    index.set(room, next);
    low.set(room, next);
    next += 1;
    stack.push(room);
    onStack.add(room);
    for (const to of arrows.get(room) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(room, Math.min(low.get(room)!, index.get(to)!));
      }
    }
    if (low.get(room) === index.get(room)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== room);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const room of arrows.keys()) if (!index.has(room)) visit(room);
  return found;
}

const isTest = (file: string) => /\.test\.tsx?$|\/testing\//.test(file);

async function main() {
  const { webDomains } = (createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { arrows: { webDomains: string[] } }).arrows;
  const { output } = await cruise(['apps/web/src', 'apps/server/src', 'packages/contract/src', 'packages/media/src'], {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  });
  const result = output as ICruiseResult;
  const counts = new Map<string, number>();
  const arrows = new Map<string, Set<string>>();
  for (const module of result.modules) {
    const from = roomOf(module.source);
    if (!from || isTest(module.source)) continue;
    if (!arrows.has(from)) arrows.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = roomOf(dependency.resolved);
      if (!to || to === from || isTest(dependency.resolved)) continue;
      arrows.get(from)!.add(to);
      const key = `${from} -> ${to}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const total = (pattern: RegExp) => [...counts].filter(([key]) => pattern.test(key)).reduce((sum, [, count]) => sum + count, 0);
  const crossFeature = /^web\/features\/(\S+) -> web\/features\/(?!\1$)/;
  const outsideDomains = new RegExp(`^web/features/(\\S+) -> web/features/(?!\\1$)(?!(${webDomains.join('|')})$)`);
  const crossModule = /^server\/modules\/(\S+) -> server\/modules\/(?!\1$)/;
  const upward = /^web\/(components|lib|hooks|config)\S* -> web\/(features|app)/;
  console.log('arrows between rooms (imports):');
  for (const [key, count] of [...counts].sort()) {
    if (crossFeature.test(key) || crossModule.test(key) || upward.test(key)) console.log(`  ${key}  (${count})`);
  }
  const found = circles(arrows);
  console.log(`cross-feature imports (web): ${total(crossFeature)}, of which not into a shared domain: ${total(outsideDomains)}`);
  console.log(`module-to-module imports (server): ${total(crossModule)}`);
  console.log(`shared web folders importing features or app: ${total(upward)}`);
  console.log(`folder-level circles: ${found.length}`);
  for (const group of found) console.log(`  ${group.join(' <-> ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
