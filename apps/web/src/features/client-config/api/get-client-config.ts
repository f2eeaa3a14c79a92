import { DEFAULT_QUICK_EXIT_URL, type ClientConfig } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const EMPTY_CONFIG: ClientConfig = {
  livecamsUrl: null,
  webcamReviewsUrl: null,
  socialUrl: null,
  supportEmail: null,
  discordUrl: null,
  whatsappUrl: null,
  ads: false,
  quickExitUrl: DEFAULT_QUICK_EXIT_URL,
};

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
/** The page is replaced with this address: only a web address, never a script. */
const webAddressOr = (value: unknown, fallback: string): string => (typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) ? value : fallback);

/** Read field by field rather than with clientConfigSchema: one bad value hides its own link, not all of them. */
export async function getClientConfig(): Promise<ClientConfig> {
  const raw = await api.get<Partial<Record<keyof ClientConfig, unknown>>>('/config');
  return {
    livecamsUrl: stringOrNull(raw.livecamsUrl),
    webcamReviewsUrl: stringOrNull(raw.webcamReviewsUrl),
    socialUrl: stringOrNull(raw.socialUrl),
    supportEmail: stringOrNull(raw.supportEmail),
    discordUrl: stringOrNull(raw.discordUrl),
    whatsappUrl: stringOrNull(raw.whatsappUrl),
    ads: raw.ads === true,
    quickExitUrl: webAddressOr(raw.quickExitUrl, DEFAULT_QUICK_EXIT_URL),
  };
}

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: getClientConfig,
    staleTime: 60 * 60_000,
    gcTime: Infinity,
  });

/** The public configuration; while it loads (or if it fails) every external link is hidden, and no ad is shown. */
export function useClientConfig(): ClientConfig {
  return useQuery(clientConfigQueryOptions()).data ?? EMPTY_CONFIG;
}
