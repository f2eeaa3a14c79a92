import { pageResponseSchema, pageSlugs } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesService } from '../src/modules/pages/pages.service.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('GET /v1/page/{slug}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(pageSlugs)('serves the seeded "%s" page', async (slug) => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/page/${slug}` });
    expect(res.statusCode).toBe(200);
    const page = pageResponseSchema.parse(res.json());
    expect(page.slug).toBe(slug);
    expect(page.title.length).toBeGreaterThan(2);
    expect(page.content).toContain('<h2>');
    expect(page.content.length).toBeGreaterThan(2000);
  });

  it('answers 404 "Page not found" for a slug that is not a page', async () => {
    for (const slug of ['about', 'FAQ', '..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/page/${slug}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Page not found' });
    }
  });

  it('sanitizes HTML on write and again on read', async () => {
    const pages = pagesService(t.db);
    await pages.save('support', 'Support', '<h2>Help</h2><script>alert(1)</script><p onclick="x()">Hi</p>');
    const res = await t.app.inject({ method: 'GET', url: '/v1/page/support' });
    expect(res.json().content).toBe('<h2>Help</h2><p>Hi</p>');

    await t.pool.query(`update pages set content = $1 where slug = 'terms'`, ['<p>ok</p><img src=x onerror=alert(1)>']);
    const raw = await t.app.inject({ method: 'GET', url: '/v1/page/terms' });
    expect(raw.json().content).toBe('<p>ok</p>');
  });

  it('never overwrites an edited page when seeding again at the next start', async () => {
    const pages = pagesService(t.db);
    await pages.save('faq', 'FAQ', '<p>Edited by an admin.</p>');
    await pages.seed();
    const res = await t.app.inject({ method: 'GET', url: '/v1/page/faq' });
    expect(res.json()).toMatchObject({ title: 'FAQ', content: '<p>Edited by an admin.</p>' });
  });
});
