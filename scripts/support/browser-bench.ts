/** The browser benchmarks' server: the built app in its own process (support/bench-server.ts). */
export { startBenchServer } from './bench-server.ts';

/**
 * Chromium as the browser benches launch it. Headless Chromium builds its desktop address bar's popup
 * (a WebUI page of some sixty files, in a renderer of its own) for every new page, on the same two
 * cores as the page measured; no phone does that, so it is turned off.
 */
export const BENCH_CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-features=WebUIOmniboxPopup'];

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const summary = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p75 ${percentile(values, 75).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (n=${values.length})`;
