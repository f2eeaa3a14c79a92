import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../components/ui/account-icons.tsx';
import { BroadcastIcon, ChevronRightIcon, PlayIcon } from '../../../components/ui/icons.tsx';
import { PhoneIcon, SparkIcon, TrendingIcon } from '../../../components/ui/video-icons.tsx';
import { paths } from '../../../config/paths.ts';
import { msg } from '@flick/i18n';
import { t } from '../../../lib/i18n.ts';

interface Benefit {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  text: string;
}

const benefits: readonly Benefit[] = [
  { Icon: PhoneIcon, title: msg('Built for phones'), text: msg('Your clips play full screen in a swipe feed, the way fans already watch.') },
  { Icon: BroadcastIcon, title: msg('Fans straight to your room'), text: msg('Your profile, links and live status are one tap away from every clip.') },
  { Icon: ShieldIcon, title: msg('Verified creators only'), text: msg('Identity checks keep Flick safe and fair for you and your fans.') },
];

const stats = [
  { value: '9:16', label: msg('full-screen video') },
  { value: 'HD', label: msg('streams on any phone') },
  { value: msg('Free'), label: msg('to join and post') },
] as const;

/** One phone-shaped clip of the fan: decorative, drawn with gradients only. */
function ClipCard({ className, live = false, likes }: { className: string; live?: boolean; likes: string }) {
  return (
    <div className={`absolute aspect-[9/16] overflow-hidden rounded-[1.35rem] border border-white/12 shadow-float ${className}`}>
      <div className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-black/75 to-transparent" />
      {live && <span className="absolute top-3 left-3 rounded-md bg-live-strong px-1.5 py-0.5 text-[0.625rem] font-extrabold tracking-wider text-white">LIVE</span>}
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-11 place-items-center rounded-full bg-white/18 text-white backdrop-blur-md">
          <PlayIcon width="20" height="20" className="ml-0.5" />
        </span>
      </span>
      <span className="absolute right-3 bottom-3 left-3">
        <span className="block h-2 w-3/4 rounded-full bg-white/70" />
        <span className="mt-1.5 block h-2 w-1/2 rounded-full bg-white/35" />
        <span className="mt-2.5 block text-[0.6875rem] font-bold text-white/85">♥ {likes}</span>
      </span>
    </div>
  );
}

function PitchVisual() {
  return (
    <div aria-hidden="true" className="relative mx-auto h-52 w-full max-w-[20rem] sm:h-80 sm:max-w-[22rem] lg:h-[27rem] lg:max-w-none">
      <div className="absolute inset-x-6 top-6 bottom-2 rounded-full bg-[radial-gradient(closest-side,rgb(255_46_136/0.35),transparent)] blur-2xl" />
      <ClipCard
        className="top-8 left-[8%] h-[78%] -rotate-[9deg] lg:top-[15%] lg:left-0 lg:h-[72%] bg-[radial-gradient(120%_80%_at_30%_10%,#ff7a45,transparent_60%),linear-gradient(165deg,#5b2a86,#1a1030)]"
        likes="8.2K"
      />
      <ClipCard
        className="top-8 right-[8%] h-[78%] rotate-[9deg] lg:top-[15%] lg:right-0 lg:h-[72%] bg-[radial-gradient(110%_80%_at_70%_0%,#3ddc97,transparent_55%),linear-gradient(165deg,#0f4a5c,#0e1520)]"
        likes="3.9K"
      />
      <ClipCard
        className="top-0 left-1/2 z-10 h-full -translate-x-1/2 lg:top-[3%] lg:h-[92%] bg-[radial-gradient(120%_70%_at_50%_0%,#ff8dbd,transparent_60%),linear-gradient(170deg,#ff2e88,#4a0d33_70%)]"
        live
        likes="12.4K"
      />
    </div>
  );
}

/**
 * accounts.md §2 "/upload" for anyone not signed in: why to post on Flick (over 100k daily clicks),
 * and the two ways in.
 */
export function CreatorPitch() {
  return (
    <div className="mx-auto w-full max-w-5xl animate-rise-in px-5 pt-4 pb-16 lg:px-10 lg:pt-16">
      <title>{t('Post your clips on Flick · Flick')}</title>
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:items-center lg:gap-14">
        <PitchVisual />
        <div className="lg:order-first">
          <p className="inline-flex h-7 items-center gap-1.5 rounded-full border border-accent/30 bg-accent/10 px-3 text-xs font-bold tracking-[0.14em] text-accent-soft uppercase">
            <SparkIcon width="14" height="14" />
            {t('For creators')}
          </p>
          <h1 className="mt-4 text-[2.25rem] leading-[1.08] font-extrabold tracking-tight text-balance lg:text-[3.25rem]">
            {t('Turn short clips into')} <span className="text-brand">{t('new fans')}</span>
          </h1>
          <p className="mt-4 max-w-lg text-[1.0625rem] leading-relaxed text-muted">
            {t('Post vertical clips from your shows. Viewers swipe through, fall for your vibe and tap straight into your live room.')}
          </p>

          <div className="mt-6 flex items-center gap-4 rounded-3xl border border-accent/25 bg-[radial-gradient(120%_160%_at_0%_0%,rgb(255_46_136/0.2),transparent_60%)] p-4 sm:p-5">
            <span className="grid size-12 flex-none place-items-center rounded-2xl bg-brand text-white shadow-glow">
              <TrendingIcon width="24" height="24" />
            </span>
            <p className="leading-snug">
              <span className="block text-lg font-extrabold tracking-tight">{t('Over 100k daily clicks')}</span>
              <span className="text-sm text-muted">{t("from viewers to creators' profiles and live shows")}</span>
            </p>
          </div>

          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <Link to={`${paths.register}/model`} viewTransition className="btn btn-primary h-12">
              {t('Get started')}
              <ChevronRightIcon width="18" height="18" />
            </Link>
            <Link to={paths.login} state={{ from: { pathname: paths.upload } }} viewTransition className="btn btn-secondary h-12">
              {t('Sign in')}
            </Link>
          </div>
          <p className="mt-3 text-center text-sm text-subtle sm:text-left">{t('Free to join. Creators are 18+ and verify their identity before posting.')}</p>
          <dl className="mt-7 grid grid-cols-3 gap-2.5">
            {stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-2xl border border-line bg-surface-1/70 px-3 py-3.5 text-center">
                <dt className="mt-0.5 text-xs leading-tight font-semibold text-muted">{t(stat.label)}</dt>
                <dd className="text-xl font-extrabold tracking-tight text-brand">{t(stat.value)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <ul className="mt-10 grid gap-3 sm:grid-cols-3 lg:mt-16">
        {benefits.map(({ Icon, title, text }) => (
          <li key={title} className="panel flex gap-4 p-4 sm:flex-col sm:gap-3 sm:p-5">
            <span className="grid size-11 flex-none place-items-center rounded-2xl bg-surface-3 text-accent-soft">
              <Icon width="22" height="22" />
            </span>
            <div>
              <h2 className="font-bold tracking-tight">{t(title)}</h2>
              <p className="mt-1 text-sm leading-relaxed text-muted">{t(text)}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
