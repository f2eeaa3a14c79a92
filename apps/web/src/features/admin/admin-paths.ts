import { msg } from '@flick/i18n';

/** The console's addresses, all under /admin (not in config/paths: every screen downloads that first). */
export const ADMIN_ROOT = '/admin';

export const adminSections = [
  { id: 'overview', label: msg('Overview') },
  { id: 'verifications', label: msg('Verifications') },
  { id: 'releases', label: msg('Releases') },
  { id: 'videos', label: msg('Videos') },
  { id: 'reports', label: msg('Reports') },
  { id: 'held', label: msg('Held') },
  { id: 'people', label: msg('People') },
  { id: 'content', label: msg('Content') },
  { id: 'ads', label: msg('Ads') },
  { id: 'age-rules', label: msg('Age rules') },
  { id: 'audit', label: msg('Audit log') },
] as const;
export type AdminSectionId = (typeof adminSections)[number]['id'];

/** /admin, /admin/videos, /admin/videos/review… */
export const adminPath = (section: AdminSectionId, ...rest: (string | number)[]) =>
  [section === 'overview' ? ADMIN_ROOT : `${ADMIN_ROOT}/${section}`, ...rest.map((part) => encodeURIComponent(String(part)))].join('/');

export interface AdminLocation {
  /** null for an address under /admin that is no section. */
  section: AdminSectionId | null;
  /** What follows the section: a queue, an id, a kind of content. */
  rest: string[];
}

/** Where in the console an address under /admin leads, from what follows "/admin/" (decoded, as the router gives it). */
export function adminLocation(splat: string): AdminLocation {
  const [first, ...rest] = splat.split('/').filter(Boolean);
  if (first === undefined) return { section: 'overview', rest: [] };
  const section = adminSections.find((candidate) => candidate.id === first && candidate.id !== 'overview');
  return { section: section?.id ?? null, rest };
}

/** A positive whole number from an address, or null. */
export function idFrom(part: string | undefined): number | null {
  return part && /^\d{1,15}$/.test(part) && Number(part) > 0 ? Number(part) : null;
}

export interface AuditFilter {
  action?: string;
  targetType?: string;
  targetId?: number;
}

/** An audit filter as a query string, the API's and the console's address alike: action=…&target_type=…&target_id=… */
export function auditQuery({ action, targetType, targetId }: AuditFilter): string {
  const query = new URLSearchParams();
  if (action) query.set('action', action);
  if (targetType) query.set('target_type', targetType);
  if (targetId) query.set('target_id', String(targetId));
  return query.toString();
}

/** Where the audit log lists what was decided about one thing. */
export const historyPath = (targetType: string, targetId: number) => `${adminPath('audit')}?${auditQuery({ targetType, targetId })}`;

export interface AdReportFilter {
  /** The first and last day, YYYY-MM-DD; the report panel's default range when absent. */
  from?: string;
  to?: string;
  campaignId?: number;
}

/** An ad report filter as a query string, the API's and the console's address alike: from=…&to=…&campaign_id=… */
export function adReportQuery({ from, to, campaignId }: AdReportFilter): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  if (campaignId) query.set('campaign_id', String(campaignId));
  return query.toString();
}

/** Where the ad report shows one campaign (or all of them). */
export const adReportPath = (filter: AdReportFilter = {}) => {
  const query = adReportQuery(filter);
  return `${adminPath('ads', 'report')}${query ? `?${query}` : ''}`;
};
