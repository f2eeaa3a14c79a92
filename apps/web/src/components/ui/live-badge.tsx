/** The red LIVE tag of a creator who is live on one of their links (viewer.md §2). */
export function LiveBadge({ className = '' }: { className?: string }) {
  return <span className={`rounded-md bg-live-strong px-1.5 text-[0.6875rem] leading-5 font-extrabold tracking-wider text-white ${className}`}>LIVE</span>;
}
