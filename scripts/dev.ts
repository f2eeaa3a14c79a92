import { spawn, type ChildProcess } from 'node:child_process';

/** `npm run dev`: the API restarting on change (tsx watch) and the web app with hot reload (Vite). */
const apiPort = process.env.PORT ?? '8080';
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--host'], {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

console.log(`\n  Web app with hot reload: http://localhost:5173  (API on :${apiPort})\n`);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  // Fire-and-forget: these promises only resolve (on each child's exit), and the timer above exits if they never do.
  void Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r))))).then(() => process.exit(code));
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
