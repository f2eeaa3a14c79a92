import { ageRuleListResponseSchema, type AgeRule } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

export interface AgeRuleList {
  /** The fallback row first, then the places by code. */
  rules: AgeRule[];
  /** false: the server cannot tell where anyone is, so every viewer gets the fallback rule. */
  geolocation: boolean;
  /** Where places come from, in words: a CDN's header, the geolocation database and its date. */
  placesFrom: string;
  /** false: addresses are taken as they reach the server; behind a proxy every viewer is the proxy's place. */
  trustProxy: boolean;
}

/** GET /admin/age-rules: every place with a rule (ADR 0030), and how places are told. */
export async function getAgeRules(signal?: AbortSignal): Promise<AgeRuleList> {
  const { data, ...places } = ageRuleListResponseSchema.parse(await api.get<unknown>('/admin/age-rules', { signal }));
  return { rules: data, ...places };
}

export const ageRulesQueryOptions = queryOptions({
  queryKey: [...adminKey, 'age-rules'],
  queryFn: ({ signal }) => getAgeRules(signal),
  staleTime: 0,
});

export function useAgeRules() {
  return useQuery(ageRulesQueryOptions);
}
