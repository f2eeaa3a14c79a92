import type { ProfileUser } from '@flick/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Screen } from '../../components/layout/screen.tsx';
import { profileQueryOptions } from '../../features/session/api/get-profile.ts';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { VerificationForm } from '../../features/verification/components/verification-form.tsx';
import { VerificationStatusCard } from '../../features/verification/components/verification-status.tsx';
import { t } from '../../lib/i18n.ts';

function Validation({ user }: { user: ProfileUser }) {
  const queryClient = useQueryClient();
  // The form keeps showing (its sent step) after the account turns pending.
  const [submitted, setSubmitted] = useState(false);

  if (submitted || ((user.type === 'model' || user.type === 'channel') && (user.isVerified === 'none' || user.isVerified === 'rejected'))) {
    return (
      <VerificationForm
        user={user}
        onSubmitted={(updated) => {
          setSubmitted(true);
          queryClient.setQueryData(profileQueryOptions(String(updated.id)).queryKey, updated);
        }}
      />
    );
  }
  const status = user.type === 'user' ? 'not-for-type' : user.isVerified === 'approved' ? 'approved' : 'pending';
  return (
    <Screen title={t('Account validation')}>
      <VerificationStatusCard status={status} />
    </Screen>
  );
}

/** accounts.md §2 "Verification screen": the form while none or rejected, else where the verification stands. */
export function AccountValidationRoute() {
  return <ProfileGate>{(user) => <Validation user={user} />}</ProfileGate>;
}
