import type { Video } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useState } from 'react';
import { CopyIcon } from './feed-icons.tsx';
import { Modal } from './modal.tsx';
import { toast } from './toast.tsx';
import { t } from '../../lib/i18n.ts';

/** The link that opens this video on its own (viewer.md §2 /video/{id}/{slug}). */
export const shareUrlOf = (video: Pick<Video, 'id' | 'slug'>) => `${window.location.origin}/video/${video.id}/${video.slug}`;

/** A profile's own address (viewer.md §2 /{slug}). */
export const profileUrlOf = (user: { id: number; slug: string | null }) => `${window.location.origin}/${user.slug ?? user.id}`;

export interface ShareModalProps {
  /** What is shared: a video, or a creator's profile. */
  subject: 'video' | 'profile';
  url: string;
  onClose: () => void;
}

const shareCopy = {
  video: { title: msg('Share video'), description: msg('Anyone with the link can watch this video.'), label: msg('Video link') },
  profile: { title: msg('Share profile'), description: msg('Anyone with the link can see this profile and its videos.'), label: msg('Profile link') },
} as const;

/** viewer.md §2 "Share: copy link". */
export function ShareModal({ subject, url, onClose }: ShareModalProps) {
  const copy = shareCopy[subject];
  const [copied, setCopied] = useState(false);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast(msg('Link copied'));
    } catch {
      toast(msg('Copying is blocked here: select the link and copy it.'), { tone: 'error' });
    }
  }

  return (
    <Modal open onClose={onClose} title={t(copy.title)} description={t(copy.description)}>
      <div className="mt-5 flex items-center gap-2 rounded-2xl border border-line-strong bg-surface-2 p-1.5 pl-4">
        <input
          readOnly
          value={url}
          aria-label={t(copy.label)}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 bg-transparent text-sm text-muted outline-none"
        />
        <button type="button" className="btn btn-primary h-10 min-h-0 px-4" onClick={() => void copyLink()} data-autofocus>
          <CopyIcon width="18" height="18" />
          {copied ? t('Copied') : t('Copy link')}
        </button>
      </div>
    </Modal>
  );
}
