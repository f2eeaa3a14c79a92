import type { BadgeTone } from '../video-status.ts';

/** Each status its own colour (viewer.md §4); a pulsing dot while the video is on its way. */
const tones: Record<BadgeTone, { text: string; dot: string; ring: string; pulse?: boolean }> = {
  uploaded: { text: 'text-sky-300', dot: 'bg-sky-400', ring: 'ring-sky-400/45', pulse: true },
  preprocess: { text: 'text-violet-300', dot: 'bg-violet-400', ring: 'ring-violet-400/45', pulse: true },
  processing: { text: 'text-amber-300', dot: 'bg-amber-400', ring: 'ring-amber-400/45', pulse: true },
  approved: { text: 'text-success', dot: 'bg-success', ring: 'ring-success/45' },
  rejected: { text: 'text-danger', dot: 'bg-danger', ring: 'ring-danger/50' },
  deleting: { text: 'text-muted', dot: 'bg-subtle', ring: 'ring-white/20', pulse: true },
  error: { text: 'text-orange-300', dot: 'bg-orange-400', ring: 'ring-orange-400/50' },
  scheduled: { text: 'text-accent-soft', dot: 'bg-accent-soft', ring: 'ring-accent-soft/45' },
};

export interface StatusBadgeProps {
  tone: BadgeTone;
  label: string;
  id?: string;
  className?: string;
}

export function StatusBadge({ tone, label, id, className = '' }: StatusBadgeProps) {
  const { text, dot, ring, pulse } = tones[tone];
  return (
    <span
      id={id}
      data-tone={tone}
      className={`inline-flex max-w-full items-center gap-1.5 rounded-full bg-ink/80 px-2 py-1 text-[0.6875rem] leading-tight font-bold ring-1 backdrop-blur-md ${text} ${ring} ${className}`}
    >
      <span aria-hidden="true" className={`size-1.5 flex-none rounded-full ${dot} ${pulse ? 'animate-pulse' : ''}`} />
      <span className="min-w-0">{label}</span>
    </span>
  );
}
