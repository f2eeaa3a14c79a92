import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isLocale, SOURCE_LOCALE, type Locale } from '@flick/i18n';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { answerGridCalls, gridScreenModules, gridShellHead, withGridShellHead, withoutModulePreloads } from './grid-shell.ts';
import { homeShellHead, keepAppScriptsBack, type HomeFirstPage } from './home-shell.ts';

/** How long "/" waits for the first page of the feed before it sends the plain shell (the client then asks itself). */
const HOME_FEED_BUDGET_MS = 300;
/** How long a grid screen's page waits for its first calls before it is sent without them (the app then asks). */
const GRID_CALLS_BUDGET_MS = 300;

/** `work`'s answer, or null once `ms` have passed first or when it fails (logged). */
async function within<T>(request: FastifyRequest, work: Promise<T>, ms: number, what: string): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<null>((resolve) => (timer = setTimeout(resolve, ms, null)))]);
  } catch (error) {
    request.log.warn({ err: error }, `the page was sent without ${what}`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export interface WebAppOptions {
  distDir: string;
  /** The home feed's first page for the shell of "/" (home-shell.ts); without it "/" is the plain index.html. */
  /** null: no first page for this request (an age rule not met yet, ADR 0030). */
  homeFirstPage?: (request: FastifyRequest) => Promise<HomeFirstPage | null>;
  /** A guest's grid screen (a profile, a tag's grid) opened by its address gets its first calls answered into its page (grid-shell.ts). */
  gridShell?: boolean;
}

/**
 * The CSP hashes ("sha256-…") of index.html's inline scripts: the web app's boot player (ADR 0019). The
 * build writes it; the CSP allows exactly that text (plugins/security.ts).
 */
export function inlineScriptHashes(distDir: string): string[] {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `sha256-${createHash('sha256').update(match[1]!).digest('base64')}`);
}

/** A small HTML answer compressed as the browser accepts it (brotli at a fast level, else gzip). */
/** The language index.html is served in: the one picked in the app's menu (its cookie), else Accept-Language's. */
function htmlLocale(request: FastifyRequest): Locale {
  const picked = /(?:^|;\s*)flick_locale=([^;]*)/.exec(request.headers.cookie ?? '')?.[1];
  return isLocale(picked) ? picked : (request.locale ?? SOURCE_LOCALE);
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, page: string) {
  // The app reads the locale from <html lang> and loads that catalogue before its first render.
  const html = page.replace('<html lang="en">', `<html lang="${htmlLocale(request)}">`);
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding, accept-language, cookie');
  if (/\bbr\b/.test(accepted)) {
    return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/**
 * Serves the built web app next to the API. Any GET outside /v1 that is not a file is a client route,
 * so a reload on a deep link (/page/faq) gets index.html and the router takes over.
 */
export const webApp = fp(async function webApp(app: FastifyInstance, options: WebAppOptions) {
  const indexFile = path.join(options.distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (!hasBuild) {
    app.log.warn({ distDir: options.distDir }, 'web app is not built; run `npm run build` (npm start does it)');
  } else {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset; the best one the browser accepts is sent.
      preCompressed: true,
      // Ours below (send's own would overwrite it): hashed assets (and the ad script) never change; index.html always revalidates.
      cacheControl: false,
      setHeaders: (res, file) => {
        const immutable = file.includes(`${path.sep}assets${path.sep}`) || file.includes(`${path.sep}ads${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // "/" is where visits start: its shell carries the first page of videos and asks for the first
  // video's files at once (ADR 0008). It is a guest's answer for the place the request comes from, so
  // no shared cache may keep it.
  const { homeFirstPage } = options;
  const template = hasBuild ? fs.readFileSync(indexFile, 'utf8') : '';
  if (hasBuild && homeFirstPage) {
    // Where the boot player starts the first video, the app's scripts wait for its first frame (ADR 0021).
    const bootTemplate = keepAppScriptsBack(template);
    // A page, not an API call: not in the OpenAPI document (whose routes the authorization matrix walks).
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const page = await within(request, homeFirstPage(request), HOME_FEED_BUDGET_MS, 'the first page of videos');
      const origin = `${request.protocol}://${request.host}`;
      // First in <head>: the preloads go out before the stylesheet's and scripts', and the boot player
      // (the build puts it next, ADR 0019) finds the page.
      const html = page ? (page.data[0]?.playlistUrl ? bootTemplate : template).replace('<head>', `<head>${homeShellHead(page, origin)}`) : template;
      return sendHtml(request, reply.header('cache-control', 'private, no-cache'), html);
    });
  }

  const gridModules = hasBuild && options.gridShell ? gridScreenModules(options.distDir) : [];
  const gridTemplate = withoutModulePreloads(template);

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/v1' || request.url.startsWith('/v1/');
    if (isApi || !hasBuild || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    // A missing hashed asset is a 404, not the app shell served as JavaScript.
    if (request.url.startsWith('/assets/') || request.url.startsWith('/ads/') || request.url.startsWith('/media/')) {
      return reply.code(404).send({ message: 'Not found.' });
    }
    if (options.gridShell && request.method === 'GET') {
      const answers = await within(request, answerGridCalls(app, request, request.url.split('?')[0]!), GRID_CALLS_BUDGET_MS, 'its first calls');
      // A guest's answers, for the address the request came from: no shared cache may keep them.
      if (answers) return sendHtml(request, reply.header('cache-control', 'private, no-cache'), withGridShellHead(gridTemplate, gridShellHead(answers, gridModules)));
    }
    return sendHtml(request, reply.header('cache-control', 'no-cache'), template);
  });
});
