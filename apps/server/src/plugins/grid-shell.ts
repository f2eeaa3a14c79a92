import { firstRowPictures, guestGridCalls, type Video } from '@flick/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { escapeAttribute, scriptJson } from './home-shell.ts';

/*
 * The page of a guest's grid screen (a creator's profile, a tag's grid) opened by its address, with the
 * screen's first calls answered into it and its first row of pictures and its code asked for at once
 * (ADR 0022: name and first row of pictures): the screen then needs no round trip of its own, and the
 * pictures come beside the JavaScript instead of after it. The app takes the answers where it would
 * ask the same calls without a token (apps/web app/early-route-data.ts).
 */

/** The id of the JSON script element the app reads (apps/web app/early-route-data.ts). */
export const GRID_ANSWERS_ELEMENT_ID = 'flick-grid-answers';

/**
 * The grid screens' code: the build's `grids` chunk and what it imports, but the entry (index.html's
 * own script), read from the build's manifest (`build.manifest`). [] without one.
 */
export function gridScreenModules(distDir: string): string[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; name?: string; isEntry?: boolean; imports?: string[] }>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.name === 'grids') add(key);
  return [...files].filter((file) => file.endsWith('.js')).map((file) => `/${file}`);
}

/**
 * index.html for a grid screen: without its module preloads, which are the home feed's (its player,
 * gestures and ads, which a grid screen never runs); gridShellHead asks for the grid screens' instead.
 */
export const withoutModulePreloads = (template: string) => template.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');

/** An answer of the API to a call made for the page, by the call's path. */
export interface GridAnswer {
  path: string;
  body: unknown;
}

/**
 * The screen's first calls at `pathname`, as the guest's browser would make them (the same address,
 * the same proxy headers, so the same place for geo-blocking and the same rate limits), through the
 * API itself. null when there are none, or when any of them is not a 200 (a one-part address that is
 * no creator: /discover, a creator who does not exist); the app then asks as usual.
 */
export async function answerGridCalls(app: FastifyInstance, request: FastifyRequest, pathname: string): Promise<GridAnswer[] | null> {
  const calls = guestGridCalls(pathname);
  if (calls.length === 0) return null;
  // Not the page's own conditions (a revalidated page is not a revalidated call), encoding or credentials.
  const {
    authorization: _token,
    cookie: _cookie,
    'accept-encoding': _encoding,
    'if-none-match': _etag,
    'if-modified-since': _since,
    range: _range,
    ...headers
  } = request.headers;
  const answers = await Promise.all(
    calls.map((call) =>
      app.inject({ method: 'GET', url: `/v1${call}`, headers: { ...headers, accept: 'application/json' }, remoteAddress: request.socket.remoteAddress }),
    ),
  );
  if (answers.some((answer) => answer.statusCode !== 200)) return null;
  return answers.map((answer, i) => ({ path: calls[i]!, body: answer.json() as unknown }));
}

/**
 * What a grid screen's page adds to index.html's <head>: its first row of pictures asked for at once
 * (with the tiles' srcset and sizes, so the browser picks the files they will show), the screen's code,
 * and the answers as JSON.
 */
export function gridShellHead(answers: GridAnswer[], modules: string[]): string {
  const videos = ((answers.at(-1)?.body as { data?: Video[] } | undefined)?.data ?? []) as Video[];
  const tags = firstRowPictures(videos).map(({ href, srcset, sizes }) =>
    srcset && sizes
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}" imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}">`
      : `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`,
  );
  for (const module of modules) tags.push(`<link rel="modulepreload" crossorigin href="${escapeAttribute(module)}">`);
  tags.push(`<script type="application/json" id="${GRID_ANSWERS_ELEMENT_ID}">${scriptJson(answers)}</script>`);
  return tags.join('');
}

/**
 * `head` in index.html right after its viewport meta: the browser sizes the pictures' `imagesizes` by
 * the viewport it knows when it reads a preload, and before that meta a phone's is 980 px wide (it
 * would pick a file three times too large). At the start of <head> when there is no such meta.
 */
export function withGridShellHead(template: string, head: string): string {
  const viewport = /<meta name="viewport"[^>]*>/.exec(template);
  if (!viewport) return template.replace('<head>', `<head>${head}`);
  const end = viewport.index + viewport[0].length;
  return `${template.slice(0, end)}${head}${template.slice(end)}`;
}
