/**
 * What a journey asks of a browser engine, whatever drives it (WebDriver classic for WebKit, WebDriver
 * BiDi through puppeteer-core for Firefox). Expressions are strings evaluated in the page, so that no
 * transpiler helper leaks into them.
 */
export interface EnginePage {
  readonly engine: string;
  readonly version: string;
  goto(url: string): Promise<void>;
  evaluate<T>(expression: string): Promise<T>;
  /** `expression` evaluates to a promise; resolves with its value. */
  evaluateAsync<T>(expression: string): Promise<T>;
  click(selector: string): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  press(key: 'ArrowDown' | 'ArrowUp' | 'Escape' | 'Enter'): Promise<void>;
  /** A wheel turn over (x, y) in CSS pixels of the viewport. */
  wheel(x: number, y: number, deltaY: number): Promise<void>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export type EngineName = 'webkit' | 'firefox';

/** Polls `expression` in the page until it is truthy; fails with `what` and the last value. */
export async function waitFor<T>(page: EnginePage, what: string, expression: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    last = await page.evaluate<T>(expression).catch((error: unknown) => `(${String(error)})`);
    if (last && !(typeof last === 'string' && last.startsWith('(') && last.endsWith(')'))) return last as T;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs / 1000} s (last: ${JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
