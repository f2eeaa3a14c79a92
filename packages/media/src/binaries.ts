import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';

export type MediaBinaryName = 'ffmpeg' | 'ffprobe';
export interface MediaBinaries {
  ffmpeg: string;
  ffprobe: string;
}

const envVariable = { ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' } as const;
/** DESIGN.md "Stack": the npm packages that ship static binaries, so a fresh machine still processes video. */
const installerPackage = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' } as const;

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    const [info] = await Promise.all([stat(file), access(file, constants.X_OK)]);
    return info.isFile();
  } catch {
    return false;
  }
}

async function findOnPath(name: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const suffixes = process.platform === 'win32' ? ['.exe', ''] : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const suffix of suffixes) {
      const candidate = path.join(dir, name + suffix);
      if (await isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}

export interface ResolveOptions {
  env?: NodeJS.ProcessEnv;
  /** Loads an installer package; tests replace it. */
  importPackage?: (specifier: string) => Promise<unknown>;
}

// A variable specifier keeps the packages optional for the type checker and bundlers alike.
const importPackage = (specifier: string): Promise<unknown> => import(specifier);

async function fromInstallerPackage(name: MediaBinaryName, load: (specifier: string) => Promise<unknown>): Promise<string | null> {
  try {
    const loaded = await load(installerPackage[name]);
    const candidates = [loaded, (loaded as { default?: unknown }).default];
    for (const candidate of candidates) {
      const binary = (candidate as { path?: unknown } | undefined)?.path;
      if (typeof binary === 'string' && (await isExecutableFile(binary))) return binary;
    }
  } catch {
    // Not installed, or no build for this platform.
  }
  return null;
}

/**
 * Where `name` lives: `FFMPEG_PATH`/`FFPROBE_PATH`, else the first on PATH, else the binary of the
 * installer npm package. Throws an Error naming the variable to set when none is usable.
 */
export async function resolveBinary(name: MediaBinaryName, options: ResolveOptions = {}): Promise<string> {
  const env = options.env ?? process.env;
  const variable = envVariable[name];
  const configured = env[variable];
  if (configured) {
    if (await isExecutableFile(configured)) return configured;
    throw new Error(`${variable} is set to "${configured}", which is not an executable file.`);
  }
  const found = (await findOnPath(name, env)) ?? (await fromInstallerPackage(name, options.importPackage ?? importPackage));
  if (found) return found;
  throw new Error(`${name} was not found: set ${variable} to its path, put ${name} on PATH, or install ${installerPackage[name]}.`);
}

export async function resolveBinaries(options: ResolveOptions = {}): Promise<MediaBinaries> {
  const [ffmpeg, ffprobe] = await Promise.all([resolveBinary('ffmpeg', options), resolveBinary('ffprobe', options)]);
  return { ffmpeg, ffprobe };
}
