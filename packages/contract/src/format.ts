const trimZero = (value: number) => value.toFixed(1).replace(/\.0$/, '');

/**
 * Compact counters: 950, 1.2K, 999.5K, 1M (viewer.md §9: millions from 999500).
 * Billions are not in the spec; a viewer would expect "1.2B" rather than "1200M".
 */
export function formatCompactNumber(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '0';
  const n = Math.floor(value);
  if (n < 1000) return String(n);
  if (n < 999_500) return `${trimZero(Math.round(n / 100) / 10)}K`;
  if (n < 999_500_000) return `${trimZero(Math.round(n / 100_000) / 10)}M`;
  return `${trimZero(Math.round(n / 100_000_000) / 10)}B`;
}

/** Seconds as a clock: 0:07, 1:05, 1:02:03. */
export function formatDuration(totalSeconds: number): string {
  const s = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.round(totalSeconds) : 0;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = String(s % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
