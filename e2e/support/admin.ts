import { execFileSync } from 'node:child_process';

/** Runs `npm run admin -- …` against the e2e server's database, as an operator would. */
export function admin(...args: string[]): string {
  return execFileSync('npm', ['run', '-s', 'admin', '--', ...args], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, EMBEDDED_PG_PORT: process.env.E2E_PG_PORT, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}
