import pino from 'pino';
import { logSerializers } from './lib/log-errors.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { startServer, type RunningServer } from './server.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

const logger = pino({
  level: config.logLevel,
  serializers: logSerializers,
  ...(config.env === 'development' ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
});

let server: RunningServer | undefined;
let stopping = false;

// A terminal's Ctrl-C reaches every process in the group, and npm, tsx and our dev runner forward it
// again: repeats are ignored, and a stop that hangs is cut short.
const SHUTDOWN_TIMEOUT_MS = 15_000;

async function shutdown(signal: string, code = 0) {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    logger.error('could not stop within 15 s: exiting anyway');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  logger.info({ signal }, 'stopping: finishing requests, then the database');
  await server?.close();
  logger.info('stopped cleanly');
  process.exit(code);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));
process.on('unhandledRejection', (reason) => {
  logger.fatal({ err: reason }, 'unhandled promise rejection');
  void shutdown('unhandledRejection', 1);
});

const startedAt = performance.now();
try {
  server = await startServer(config, logger);
  logger.info({ ms: Math.round(performance.now() - startedAt) }, 'ready');
  console.log(`\n  Flick is running at ${server.url}\n  API docs: ${server.url}/v1/docs\n`);
  if (stopping) await server.close();
} catch (error) {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
}
