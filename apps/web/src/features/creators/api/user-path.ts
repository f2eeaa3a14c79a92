/** viewer.md §7 GET /users/{id}: a creator by the id or slug in the address (also asked for as the app starts, app/early-route-data.ts). */
export const publicUserPath = (idOrSlug: string | number) => `/users/${encodeURIComponent(idOrSlug)}`;
