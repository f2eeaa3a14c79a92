import { videoMessages } from '@flick/contract';
import { msg } from '@flick/i18n';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { ClockIcon, ShieldIcon, VideoIcon } from '../../../components/ui/account-icons.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { t } from '../../../lib/i18n.ts';

/** Why a signed-in account cannot upload yet. */
export type UploadBlock = 'viewer' | 'unverified' | 'rejected' | 'pending';

interface Copy {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  message: string;
  text: string;
  action: { label: string; to: string };
  secondary?: { label: string; to: string };
}

const copy: Record<UploadBlock, Copy> = {
  unverified: {
    Icon: ShieldIcon,
    title: msg('One step before you post'),
    message: videoMessages.verifyFirst,
    text: msg('Every creator on Flick is a verified adult. It takes a few minutes: your details, a photo of your ID and a signature. Our team reviews it by hand.'),
    action: { label: msg('Verify your identity'), to: paths.accountSetting('validation') },
  },
  rejected: {
    Icon: ShieldIcon,
    title: msg('Verification not accepted'),
    message: videoMessages.verifyFirst,
    text: msg('Your last verification was not accepted. Send it again with clear photos of a valid document to start uploading.'),
    action: { label: msg('Verify your identity'), to: paths.accountSetting('validation') },
  },
  pending: {
    Icon: ClockIcon,
    title: msg('Verification in review'),
    message: videoMessages.verifyFirst,
    text: msg('We are reviewing your documents. You can upload as soon as your identity is approved; your account page shows the result.'),
    action: { label: msg('See verification status'), to: paths.accountSetting('validation') },
  },
  viewer: {
    Icon: VideoIcon,
    title: msg('Uploads are for creators'),
    message: videoMessages.creatorsOnly,
    text: msg(
      'This is a viewer account. To post videos, create a creator account with another email address: log out, sign up again and choose “Post videos”. Our support team can help if you get stuck.',
    ),
    action: { label: msg('Contact support'), to: paths.support },
    secondary: { label: msg('Back to account'), to: paths.account },
  },
};

/** /upload for an account that cannot post yet: what is missing and the way to it. */
export function UploadUnavailable({ reason }: { reason: UploadBlock }) {
  const { Icon, title, message, text, action, secondary } = copy[reason];
  const waiting = reason === 'pending';
  return (
    <section className="panel relative flex flex-col items-center overflow-hidden px-6 pt-10 pb-8 text-center sm:px-10">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-36 bg-[radial-gradient(70%_100%_at_50%_0%,rgb(255_46_136/0.18),transparent_75%)]"
      />
      <span
        className={`relative grid size-16 place-items-center rounded-3xl ${waiting ? 'bg-surface-3 text-accent-soft ring-1 ring-line-strong' : 'bg-brand text-white shadow-glow'}`}
      >
        <Icon width="30" height="30" />
      </span>
      <h2 className="relative mt-5 text-xl font-bold tracking-tight text-balance">{t(title)}</h2>
      <p role="status" className="relative mt-2 font-semibold text-balance">
        {t(message)}
      </p>
      <p className="relative mt-2 max-w-sm text-sm leading-relaxed text-balance text-muted">{t(text)}</p>
      <Link to={action.to} className={`btn ${waiting ? 'btn-secondary' : 'btn-primary'} relative mt-7 h-12 w-full max-w-xs`}>
        {t(action.label)}
        <ChevronRightIcon width="18" height="18" />
      </Link>
      {secondary && (
        <Link to={secondary.to} className="relative mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-accent-soft hover:underline">
          {t(secondary.label)}
        </Link>
      )}
    </section>
  );
}
