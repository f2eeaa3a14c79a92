import { describe, expect, it } from 'vitest';
import { adminLocation, adminPath, adReportPath, adReportQuery, auditQuery, historyPath, idFrom } from './admin-paths.ts';

describe('admin addresses', () => {
  it('leads /admin to the overview and /admin/{section}/… to a section with the rest', () => {
    expect(adminLocation('')).toEqual({ section: 'overview', rest: [] });
    expect(adminLocation('videos/hidden')).toEqual({ section: 'videos', rest: ['hidden'] });
    expect(adminLocation('verifications/12/')).toEqual({ section: 'verifications', rest: ['12'] });
    expect(adminLocation('content/pages/faq old')).toEqual({ section: 'content', rest: ['pages', 'faq old'] });
    expect(adminLocation('age-rules')).toEqual({ section: 'age-rules', rest: [] });
  });

  it('knows no section of another name, nor /admin/overview', () => {
    expect(adminLocation('settings')).toEqual({ section: null, rest: [] });
    expect(adminLocation('overview').section).toBeNull();
  });

  it('builds the addresses it reads', () => {
    expect(adminPath('overview')).toBe('/admin');
    expect(adminPath('videos', 'review')).toBe('/admin/videos/review');
    expect(adminPath('content', 'pages', 'faq old')).toBe('/admin/content/pages/faq%20old');
  });

  it('writes an audit filter as the query string the API and the console both read', () => {
    expect(auditQuery({})).toBe('');
    expect(auditQuery({ action: 'took a video down', targetType: 'video', targetId: 9 })).toBe('action=took+a+video+down&target_type=video&target_id=9');
    expect(historyPath('user', 40)).toBe('/admin/audit?target_type=user&target_id=40');
  });

  it('writes an ad report filter as the query string the API and the console both read', () => {
    expect(adReportQuery({ from: '2026-03-01', to: '2026-03-07', campaignId: 3 })).toBe('from=2026-03-01&to=2026-03-07&campaign_id=3');
    expect(adReportPath()).toBe('/admin/ads/report');
    expect(adReportPath({ campaignId: 3 })).toBe('/admin/ads/report?campaign_id=3');
  });

  it('reads ids that are positive whole numbers only', () => {
    expect(idFrom('12')).toBe(12);
    expect(idFrom('0')).toBeNull();
    expect(idFrom('-3')).toBeNull();
    expect(idFrom('1e3')).toBeNull();
    expect(idFrom(undefined)).toBeNull();
  });
});
