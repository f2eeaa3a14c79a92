import { ageAssuranceStartResponseSchema, ageGateStatusSchema, type AgeGateStatus } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Where the viewer stands with their place's age rule (ADR 0030). Never cached: a check changes it. */
export async function getAgeGateStatus(signal?: AbortSignal): Promise<AgeGateStatus> {
  return ageGateStatusSchema.parse(await api.get<unknown>('/age-assurance', { signal }));
}

export const ageGateStatusQueryOptions = () => queryOptions({ queryKey: ['age-gate'], queryFn: ({ signal }) => getAgeGateStatus(signal), staleTime: 0, gcTime: 0 });

export function useAgeGateStatus() {
  return useQuery(ageGateStatusQueryOptions());
}

/** "I am 18 or older", where the rule asks no more: the server sets this browser's pass. */
export async function declareAdult(): Promise<AgeGateStatus> {
  return ageGateStatusSchema.parse(await api.post<unknown>('/age-assurance/declare'));
}

/** A new check at the provider: the address to send the browser to. */
export async function startAgeCheck(returnTo: string): Promise<string> {
  return ageAssuranceStartResponseSchema.parse(await api.post<unknown>('/age-assurance/start', { returnTo })).url;
}
