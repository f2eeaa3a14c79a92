/**
 * Which ad a slot shows (ADR 0016): a pure function of the live campaigns, what is known of the viewer
 * and the time, so every rule can be tested alone. The service keeps the counts it reads.
 */

export type PlacementType = 'display' | 'interstitial' | 'instream';

export interface Placement {
  id: number;
  key: string;
  type: PlacementType;
  width: number;
  height: number;
}

export interface Creative {
  id: number;
  kind: 'image' | 'video' | 'vast';
  width: number;
  height: number;
}

export interface Campaign {
  id: number;
  startsAt: number;
  endsAt: number | null;
  dailyCap: number | null;
  totalCap: number | null;
  frequencyCap: number | null;
  /** Empty: every category. */
  categories: readonly string[];
  /** Empty: every country (ISO 3166-1 alpha-2). */
  countries: readonly string[];
  /** Empty: every placement (by key). */
  placements: readonly string[];
  weight: number;
  creatives: readonly Creative[];
  /** Impressions today and in all, as last read plus what this instance served since. */
  today: number;
  total: number;
}

export interface DecisionContext {
  now: number;
  /** The viewer's preferred categories (viewer.md §1), empty when they chose none. */
  categories: readonly string[];
  country: string | null;
  /** How many times this viewer was shown each campaign today. */
  seenToday: (campaignId: number) => number;
  /** A number in [0, 1). */
  random: () => number;
}

/** The share of a daily cap that may be spent by `now`: even over the UTC day, an hour ahead. */
export function pacedAllowance(dailyCap: number, now: number): number {
  const dayStart = Math.floor(now / 86_400_000) * 86_400_000;
  const elapsed = (now - dayStart + 3_600_000) / 86_400_000;
  return Math.max(1, Math.ceil(dailyCap * Math.min(1, elapsed)));
}

/** A creative fits a slot: a picture of the slot's size, or a video (or VAST tag) for instream. */
export function fits(creative: Creative, placement: Placement): boolean {
  if (placement.type === 'instream') return creative.kind === 'video' || creative.kind === 'vast';
  return creative.kind === 'image' && creative.width === placement.width && creative.height === placement.height;
}

/** Why a campaign may not show in this slot now, or null when it may. */
export function exclusion(campaign: Campaign, placement: Placement, context: DecisionContext): string | null {
  if (context.now < campaign.startsAt) return 'not started';
  if (campaign.endsAt !== null && context.now >= campaign.endsAt) return 'ended';
  if (campaign.placements.length > 0 && !campaign.placements.includes(placement.key)) return 'placement';
  if (campaign.countries.length > 0 && (context.country === null || !campaign.countries.includes(context.country))) return 'country';
  if (campaign.categories.length > 0 && context.categories.length > 0 && !context.categories.some((category) => campaign.categories.includes(category))) {
    return 'category';
  }
  if (campaign.totalCap !== null && campaign.total >= campaign.totalCap) return 'total cap';
  if (campaign.dailyCap !== null && campaign.today >= campaign.dailyCap) return 'daily cap';
  if (campaign.dailyCap !== null && campaign.today >= pacedAllowance(campaign.dailyCap, context.now)) return 'pacing';
  if (campaign.frequencyCap !== null && context.seenToday(campaign.id) >= campaign.frequencyCap) return 'frequency';
  if (!campaign.creatives.some((creative) => fits(creative, placement))) return 'no creative';
  return null;
}

/** One pick by weight among `items`; undefined for none. */
export function pickByWeight<T>(items: readonly T[], weight: (item: T) => number, random: () => number): T | undefined {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let point = random() * total;
  for (const item of items) {
    point -= weight(item);
    if (point < 0) return item;
  }
  return items.at(-1);
}

/**
 * The campaign and creative for one slot: among the campaigns that may show there, one by weight, then
 * one of its creatives that fits; null when none may (the slot stays empty).
 */
export function decide(campaigns: readonly Campaign[], placement: Placement, context: DecisionContext): { campaign: Campaign; creative: Creative } | null {
  const eligible = campaigns.filter((campaign) => exclusion(campaign, placement, context) === null);
  const campaign = pickByWeight(eligible, (candidate) => candidate.weight, context.random);
  if (!campaign) return null;
  const creatives = campaign.creatives.filter((creative) => fits(creative, placement));
  const creative = creatives[Math.floor(context.random() * creatives.length)] ?? creatives[0]!;
  return { campaign, creative };
}
