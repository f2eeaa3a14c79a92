export * from './accounts.ts';
export * from './categories.ts';
export * from './client-config.ts';
export * from './contact.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './health.ts';
export * from './pages.ts';
