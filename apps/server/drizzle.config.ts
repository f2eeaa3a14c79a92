import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The tables below every module, then each module's beside it (docs/decisions/0023-tables-beside-their-module.md).
  schema: ['./src/db/schema.ts', './src/modules/*/*.schema.ts'],
  out: './drizzle',
});
