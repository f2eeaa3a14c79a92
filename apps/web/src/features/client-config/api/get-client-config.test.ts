import { DEFAULT_QUICK_EXIT_URL } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { fullConfig, json, mockApi } from '../../../testing/render-app.tsx';
import { getClientConfig } from './get-client-config.ts';

describe('the client configuration', () => {
  it("takes the quick exit's neutral site from the server", async () => {
    mockApi({ 'GET /v1/config': () => json(fullConfig) });
    expect((await getClientConfig()).quickExitUrl).toBe('https://neutral.example/');
  });

  it('never leaves for anything but a web address: a script or a missing value means the default site', async () => {
    for (const quickExitUrl of ['javascript:alert(1)', 'data:text/html,hi', '', null, 42]) {
      mockApi({ 'GET /v1/config': () => json({ ...fullConfig, quickExitUrl }) });
      expect((await getClientConfig()).quickExitUrl).toBe(DEFAULT_QUICK_EXIT_URL);
    }
  });
});
