import type {
  AdminAdCampaign,
  AdminAuditEntry,
  AdminOverview,
  AdminPerson,
  AdminReportGroup,
  AdminVerification,
  AdminVideo,
  AdminWebcamSite,
  AgeRule,
  GeoPlacesResponse,
} from '@flick/contract';
import { profileUser, signIn } from '../../../testing/accounts.ts';
import { json, type FetchCall } from '../../../testing/render-app.tsx';
import { videoOf } from '../../../testing/videos.ts';

type Responder = (call: FetchCall) => Response | Promise<Response>;

export const admin = profileUser({ id: 1, type: 'user', name: 'Root', username: 'root', slug: 'root', email: 'root@flick.test', isAdmin: true });

/** Signs the admin in, and answers GET /v1/profile with their account. */
export function asAdmin(handlers: Record<string, Responder> = {}, user = admin): Record<string, Responder> {
  signIn(user);
  return { 'GET /v1/profile': () => json({ user }), 'GET /v1/admin/overview': () => json(overview()), ...handlers };
}

export function overview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  return {
    verifications: { count: 0, oldestAt: null },
    videosToReview: { count: 0, oldestAt: null },
    openReports: { count: 0, oldestAt: null },
    failedVideos: { count: 0, oldestAt: null },
    heldVideos: { count: 0, urgent: 0, oldestAt: null },
    releases: { count: 0, oldestAt: null },
    ...overrides,
  };
}

export function verification(overrides: Partial<AdminVerification> = {}): AdminVerification {
  const id = overrides.id ?? 5;
  return {
    id,
    userId: 40,
    email: 'luna@example.com',
    name: 'Luna Star',
    slug: 'luna_star',
    legalName: 'Anna Maria Example',
    stageName: 'Luna',
    status: 'pending',
    createdAt: '2026-03-10T09:00:00Z',
    address: '1 Main Street, Springfield',
    identification: 'passport',
    identificationId: 'X1234567',
    gender: 'f',
    dateOfBirth: '1995-04-12',
    age: 30,
    country: 'US',
    reviewedAt: null,
    reviewedBy: null,
    rejectionReason: null,
    files: ['Front of the ID', 'Back of the ID', 'Face with the ID', 'Signature'].map((name, i) => ({ name, url: `/v1/admin/verifications/${id}/files/${i}` })),
    ...overrides,
  };
}

export function adminVideo(id: number, overrides: Partial<AdminVideo> = {}): AdminVideo {
  return {
    video: videoOf({ id, title: `Clip ${id}`, status: 'processing', tags: [{ id: 3, name: 'dance', slug: 'dance' }] }),
    hiddenReason: null,
    hiddenAt: null,
    creator: { id: 40, name: 'Luna Star', slug: 'luna_star', email: 'luna@example.com', isVerified: 'approved', bannedAt: null },
    openReports: 0,
    ...overrides,
  };
}

export function reportGroup(videoId: number, overrides: Partial<AdminReportGroup> = {}): AdminReportGroup {
  return {
    video: adminVideo(videoId, { openReports: 2 }),
    reports: [
      {
        id: 1,
        reason: 'Underage',
        message: 'Looks too young.',
        reporter: { id: null, email: 'guest@example.com', guest: true },
        urgent: true,
        createdAt: '2026-02-20T09:00:00Z',
        handledAt: null,
        decision: null,
      },
      {
        id: 2,
        reason: 'Spam',
        message: '',
        reporter: { id: 12, email: 'viewer@example.com', guest: false },
        urgent: false,
        createdAt: '2026-02-21T09:00:00Z',
        handledAt: null,
        decision: null,
      },
    ],
    count: 2,
    reporters: 2,
    urgent: true,
    oldestAt: '2026-02-20T09:00:00Z',
    businessDaysOpen: 9,
    ...overrides,
  };
}

export function person(overrides: Partial<AdminPerson> = {}): AdminPerson {
  return {
    id: 40,
    type: 'model',
    email: 'luna@example.com',
    name: 'Luna Star',
    username: 'luna_star',
    slug: 'luna_star',
    isVerified: 'approved',
    isAdmin: false,
    bannedAt: null,
    bannedReason: null,
    studio: 'Velvet',
    videos: 12,
    reports: 3,
    createdAt: '2026-01-05T10:00:00Z',
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AdminAuditEntry> = {}): AdminAuditEntry {
  return {
    id: 1,
    at: '2026-03-11T10:00:00Z',
    admin: { id: 1, email: 'root@flick.test' },
    cliUser: null,
    action: 'rejected a video',
    targetType: 'video',
    targetId: 9,
    before: { status: 'processing' },
    after: { status: 'rejected', reason: 'Blurred' },
    ...overrides,
  };
}

export function webcamSite(overrides: Partial<AdminWebcamSite> = {}): AdminWebcamSite {
  const slug = overrides.slug ?? 'stripchat';
  return {
    slug,
    name: 'Stripchat',
    hosts: [`${slug}.com`],
    icon: null,
    position: 1,
    statusFeed: null,
    takesPushes: false,
    ...overrides,
  };
}

type AdCreative = AdminAdCampaign['creatives'][number];

export function adCreative(overrides: Partial<AdCreative> = {}): AdCreative {
  const id = overrides.id ?? 11;
  return {
    id,
    kind: 'image',
    width: 300,
    height: 250,
    src: `/media/ads/3-${id}.webp`,
    durationSeconds: null,
    clickUrl: 'https://velvet.example/spring',
    active: true,
    state: 'ready',
    failure: null,
    ...overrides,
  };
}

export function adCampaign(overrides: Partial<AdminAdCampaign> = {}): AdminAdCampaign {
  return {
    id: 3,
    advertiser: 'Velvet Toys',
    name: 'Spring sale',
    status: 'active',
    endedReason: null,
    startsAt: '2026-03-01T09:00:00Z',
    endsAt: '2026-03-31T21:00:00Z',
    dailyCap: 5000,
    totalCap: 100000,
    frequencyCap: 3,
    categories: ['f', 't'],
    countries: ['US', 'DE'],
    placements: ['sidebar', 'right-panel-top'],
    weight: 100,
    impressions: 12345,
    clicks: 321,
    impressionsToday: 410,
    creatives: [adCreative()],
    createdAt: '2026-02-20T10:00:00Z',
    ...overrides,
  };
}

export function ageRule(overrides: Partial<AgeRule> = {}): AgeRule {
  return {
    country: 'GB',
    region: '',
    rule: 'assurance',
    law: 'Online Safety Act 2023, Part 5',
    inForceSince: '2025-07-25',
    updatedAt: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

/** GET /v1/geo/places, cut down: a few countries, some US states and the UK's nations. */
export function geoPlaces(): GeoPlacesResponse {
  return {
    countries: [
      { code: 'DE', name: 'Germany' },
      { code: 'FR', name: 'France' },
      { code: 'IT', name: 'Italy' },
      { code: 'GB', name: 'United Kingdom' },
      { code: 'US', name: 'United States of America' },
    ],
    regions: [
      { countryCode: 'GB', regionCode: 'ENG', name: 'England' },
      { countryCode: 'GB', regionCode: 'SCT', name: 'Scotland' },
      { countryCode: 'US', regionCode: 'IA', name: 'Iowa' },
      { countryCode: 'US', regionCode: 'ID', name: 'Idaho' },
      { countryCode: 'US', regionCode: 'LA', name: 'Louisiana' },
      { countryCode: 'US', regionCode: 'TX', name: 'Texas' },
    ],
  };
}
