import fs from 'node:fs';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { EnginePage } from './engine-page.ts';

/** Firefox (Debian's ESR), headless, driven over WebDriver BiDi by puppeteer-core (which never downloads a browser). */
export function firefoxPath(): string {
  const found = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find((file) => file && fs.existsSync(file));
  if (!found) throw new Error('Firefox not found: install firefox-esr (Debian), or set FIREFOX_PATH');
  return found;
}

export class FirefoxPage implements EnginePage {
  readonly engine = 'Firefox';
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    readonly version: string,
  ) {}

  /** `beforeLoad`: scripts run in every document before its own (BiDi preload scripts). */
  static async launch({ width, height, beforeLoad = [] }: { width: number; height: number; beforeLoad?: string[] }) {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath(),
      headless: true,
      protocol: 'webDriverBiDi',
      defaultViewport: { width, height },
      extraPrefsFirefox: {
        // Autoplay with sound is the app's to ask; muted autoplay (the feed's) is allowed either way.
        'media.autoplay.default': 0,
        'browser.shell.checkDefaultBrowser': false,
      },
    });
    try {
      const page = await browser.newPage();
      for (const script of beforeLoad) await page.evaluateOnNewDocument(script);
      return new FirefoxPage(browser, page, (await browser.version()).replace(/^firefox\//i, ''));
    } catch (error) {
      await browser.close();
      throw error;
    }
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
    await this.browser.close();
  }
}
