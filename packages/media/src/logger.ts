/** The subset of pino's API this package logs through; pass the server's logger or a child of it. */
export interface MediaLogger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

const ignore = () => {};
export const silentLogger: MediaLogger = { debug: ignore, info: ignore, warn: ignore, error: ignore };
