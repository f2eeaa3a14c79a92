// A worker thread may start without the parent's TypeScript loader (under a test runner): this plain
// module registers tsx, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./rebuild-worker.ts');
