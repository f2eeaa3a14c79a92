import type { ProfileUser } from '@flick/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { PerformersDeclaration } from '../../features/performers/components/performers-declaration.tsx';
import { profileQueryOptions } from '../../features/session/api/get-profile.ts';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { useSession } from '../../features/session/hooks/use-session.ts';
import { CreatorPitch } from '../../features/upload/components/creator-pitch.tsx';
import { UploadFlow } from '../../features/upload/components/upload-flow.tsx';
import { UploadUnavailable, type UploadBlock } from '../../features/upload/components/upload-unavailable.tsx';
import { myVideosQueryKey } from '../../features/videos/api/get-my-videos.ts';
import { t } from '../../lib/i18n.ts';

/** accounts.md §6: models and channels upload once their identity is approved. */
function uploadBlock(user: ProfileUser): UploadBlock | null {
  if (user.type === 'user') return 'viewer';
  if (user.isVerified === 'approved') return null;
  return user.isVerified === 'pending' ? 'pending' : user.isVerified === 'rejected' ? 'rejected' : 'unverified';
}

function Upload({ user }: { user: ProfileUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const block = uploadBlock(user);

  if (block) {
    return (
      <Screen title={t('Upload video')}>
        <UploadUnavailable reason={block} />
      </Screen>
    );
  }
  return (
    <UploadFlow
      onPublished={() => {
        void queryClient.invalidateQueries({ queryKey: myVideosQueryKey });
        void navigate(paths.account);
      }}
      onForbidden={() => void queryClient.invalidateQueries({ queryKey: profileQueryOptions(String(user.id)).queryKey })}
      declaration={(slot) => <PerformersDeclaration {...slot} />}
    />
  );
}

/**
 * accounts.md §2 "/upload": the creator-signup pitch for anyone not signed in; for an account, the
 * two upload steps once it may post, or what stands in the way.
 */
export function UploadRoute() {
  const session = useSession();
  if (!session) return <CreatorPitch />;
  return <ProfileGate>{(user) => <Upload user={user} />}</ProfileGate>;
}
