import fs from 'node:fs';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import type { EnginePage } from './engine-page.ts';

/** Firefox (Debian's ESR), headless, driven over WebDriver BiDi by puppeteer-core (which never downloads a browser). */
export function firefoxPath(): string {
  const found = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find((file) => file && fs.existsSync(file));
  if (!found) throw new Error('Firefox not found: install firefox-esr (Debian), or set FIREFOX_PATH');
  return found;
}

export interface FirefoxOptions {
  width: number;
  height: number;
  /** Scripts run in every document before its own (BiDi preload scripts). */
  beforeLoad?: string[];
}

export function launchFirefox({ width, height }: { width: number; height: number }): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless: true,
    protocol: 'webDriverBiDi',
    defaultViewport: { width, height },
    extraPrefsFirefox: { 'browser.shell.checkDefaultBrowser': false },
  });
}

export class FirefoxPage implements EnginePage {
  readonly engine = 'Firefox';
  private constructor(
    private readonly page: Page,
    readonly version: string,
    private readonly end: () => Promise<void>,
  ) {}

  /** A browser of its own, ended with the page. */
  static async launch(options: FirefoxOptions) {
    const browser = await launchFirefox(options);
    try {
      return await FirefoxPage.open(browser, options, () => browser.close());
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /** A page in a new browser context of `browser` (its own storage and cache: a cold load), ended with the page. */
  static async openCold(browser: Browser, options: FirefoxOptions) {
    const context = await browser.createBrowserContext();
    return FirefoxPage.open(context, options, () => context.close());
  }

  private static async open(owner: Browser | BrowserContext, { beforeLoad = [] }: FirefoxOptions, end: () => Promise<void>) {
    const page = await owner.newPage();
    for (const script of beforeLoad) await page.evaluateOnNewDocument(script);
    const browser = 'browser' in owner ? owner.browser() : owner;
    return new FirefoxPage(page, (await browser.version()).replace(/^firefox\//i, ''), end);
  }

  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  }

  async evaluate<T>(expression: string): Promise<T> {
    return (await this.page.evaluate(expression)) as T;
  }

  async evaluateAsync<T>(expression: string): Promise<T> {
    return (await this.page.evaluate(expression)) as T;
  }

  async click(selector: string) {
    await this.page.locator(selector).setTimeout(15_000).click();
  }

  async type(selector: string, text: string) {
    await this.page.locator(selector).setTimeout(15_000).fill(text);
  }

  async press(key: 'ArrowDown' | 'ArrowUp' | 'Escape' | 'Enter') {
    await this.page.keyboard.press(key);
  }

  async wheel(x: number, y: number, deltaY: number) {
    await this.page.mouse.move(x, y);
    await this.page.mouse.wheel({ deltaY });
  }

  async screenshot(file: string) {
    await this.page.screenshot({ path: file as `${string}.png` });
  }

  async close() {
    await this.end();
  }
}
