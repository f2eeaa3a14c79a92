import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * 'flag-icons/…' as the folder where npm put the package, for the build and the web tests alike: Vite
 * globs only paths and aliases, and flag-image.tsx globs the flags through the package's name.
 */
export const flagIconsAlias = {
  find: /^flag-icons\//,
  replacement: `${path.dirname(fileURLToPath(import.meta.resolve('flag-icons/package.json'))).replaceAll('\\', '/')}/`,
};
