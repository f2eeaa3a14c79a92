import { ageRuleSchema, type AgeRule, type AgeRuleInput } from '@flick/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

/** PUT /admin/age-rules: a place's rule, adding its row or replacing it (the audit log records either). */
export async function setAgeRule(input: AgeRuleInput): Promise<AgeRule> {
  return ageRuleSchema.parse(await apiRequest<unknown>('/admin/age-rules', { method: 'PUT', body: input }));
}

export function useSetAgeRule() {
  return useAdminMutation(setAgeRule);
}
