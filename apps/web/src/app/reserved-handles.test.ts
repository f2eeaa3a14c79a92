import { isReservedHandle } from '@flick/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** The first segment of every path the router matches, parents joined to their children. */
function firstSegments(objects: RouteObject[], parent = ''): string[] {
  return objects.flatMap((route) => {
    const path = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const first = path.split('/').find(Boolean);
    const own = first && !first.startsWith(':') && first !== '*' ? [first] : [];
    return [...own, ...firstSegments(route.children ?? [], path)];
  });
}

describe('handles a creator may not take', () => {
  it("reserves every first segment of the app's routes, so no profile hides a screen of ours", () => {
    const segments = [...new Set(firstSegments(routes))];
    expect(segments.length).toBeGreaterThan(15);
    expect(segments.filter((segment) => !isReservedHandle(segment))).toEqual([]);
  });
});
