import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import { waitFor, type EnginePage } from './engine-page.ts';

/**
 * Safari's engine on Debian: WebKitGTK's MiniBrowser, driven over W3C WebDriver (classic, over HTTP) by
 * WebKitWebDriver (package webkit2gtk-driver), on a virtual X display (xvfb-run). A small client of the
 * few commands a journey needs, so that no WebDriver library is a dependency.
 */
const MINIBROWSER_DIRS = ['/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1', '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1', '/usr/libexec/webkit2gtk-4.1'];

export function miniBrowserPath(): string {
  const found = [process.env.MINIBROWSER_PATH, ...MINIBROWSER_DIRS.map((dir) => `${dir}/MiniBrowser`)].find((file) => file && fs.existsSync(file));
  if (!found) throw new Error('WebKitGTK MiniBrowser not found: install webkit2gtk-driver (Debian), or set MINIBROWSER_PATH');
  return found;
}

interface WebDriverError {
  error: string;
  message: string;
}

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
type ElementRef = Record<typeof ELEMENT, string>;

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  return port;
}

/** One WebDriver session: the browser and its driver, ended together by `close`. */
export class WebKitPage implements EnginePage {
  readonly engine = 'WebKit (WebKitGTK MiniBrowser)';
  private constructor(
    private readonly driver: ChildProcess,
    private readonly url: string,
    private readonly session: string,
    readonly version: string,
    /** What the driver and the browser wrote to stderr, for an error to quote. */
    private readonly log: () => string,
  ) {}

  static async launch({ width, height, pageLoadStrategy = 'normal' }: { width: number; height: number; pageLoadStrategy?: 'normal' | 'none' }) {
    const port = await freePort();
    // Its own virtual display the size of the window (xvfb-run's default is 640x480 at 8 bits).
    const driver = spawn('xvfb-run', ['-a', '-s', `-screen 0 ${width + 100}x${height + 200}x24`, 'WebKitWebDriver', `--port=${port}`, '--host=127.0.0.1'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    });
    let log = '';
    driver.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const url = `http://127.0.0.1:${port}`;
    const started = Date.now();
    for (;;) {
      const ready = await fetch(`${url}/status`).then(
        async (r) => ((await r.json()) as { value: { ready: boolean } }).value.ready,
        () => false,
      );
      if (ready) break;
      if (driver.exitCode !== null || Date.now() - started > 20_000) {
        killGroup(driver);
        throw new Error(`WebKitWebDriver did not start: ${log.trim() || `exit ${driver.exitCode}`}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const capabilities = {
      alwaysMatch: {
        pageLoadStrategy,
        'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
      },
    };
    try {
      const created = (await command(url, 'POST', '/session', { capabilities })) as { sessionId: string; capabilities: { browserVersion: string } };
      const page = new WebKitPage(driver, url, created.sessionId, created.capabilities.browserVersion, () => log);
      await page.call('POST', '/window/rect', { width, height });
      return page;
    } catch (error) {
      killGroup(driver);
      throw error;
    }
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    try {
      return await command(this.url, method, `/session/${this.session}${path}`, body);
    } catch (error) {
      // The browser went away (a crash of its web process, say): what it said last.
      if (error instanceof Error && error.message.includes('invalid session id')) {
        const said = this.log().trim().split('\n').slice(-8).join(' | ');
        throw new Error(`${error.message} (the browser is gone; it said: ${said || 'nothing'})`, { cause: error });
      }
      throw error;
    }
  }

  async goto(url: string) {
    await this.call('POST', '/url', { url });
  }

  async evaluate<T>(expression: string): Promise<T> {
    return (await this.call('POST', '/execute/sync', { script: `return (${expression});`, args: [] })) as T;
  }

  async evaluateAsync<T>(expression: string): Promise<T> {
    // The script's last argument is the callback that ends it; `expression` is a promise.
    const script = `const done = arguments[arguments.length - 1]; Promise.resolve(${expression}).then(done, (e) => done({ __error: String(e) }));`;
    const value = (await this.call('POST', '/execute/async', { script, args: [] })) as T & { __error?: string };
    if (value && typeof value === 'object' && '__error' in value) throw new Error(value.__error);
    return value;
  }

  /** The element `selector` names, once it is there (up to 15 s). */
  private async element(selector: string): Promise<string> {
    await waitFor(this, `an element ${selector}`, `Boolean(document.querySelector(${JSON.stringify(selector)}))`);
    const element = (await this.call('POST', '/element', { using: 'css selector', value: selector })) as Partial<ElementRef>;
    const id = element[ELEMENT];
    if (!id) throw new Error(`WebDriver found no element ${selector}: ${JSON.stringify(element)}`);
    return id;
  }

  async click(selector: string) {
    await this.call('POST', `/element/${await this.element(selector)}/click`, {});
  }

  async type(selector: string, text: string) {
    await this.call('POST', `/element/${await this.element(selector)}/value`, { text });
  }

  async press(key: 'ArrowDown' | 'ArrowUp' | 'Escape' | 'Enter') {
    const code = { ArrowDown: '\uE015', ArrowUp: '\uE013', Escape: '\uE00C', Enter: '\uE007' }[key];
    await this.call('POST', '/actions', {
      actions: [
        {
          type: 'key',
          id: 'keyboard',
          actions: [
            { type: 'keyDown', value: code },
            { type: 'keyUp', value: code },
          ],
        },
      ],
    });
    await this.call('DELETE', '/actions');
  }

  async wheel(x: number, y: number, deltaY: number) {
    await this.call('POST', '/actions', {
      actions: [{ type: 'wheel', id: 'wheel', actions: [{ type: 'scroll', x, y, deltaX: 0, deltaY, duration: 0 }] }],
    });
  }

  async screenshot(file: string) {
    const png = (await this.call('GET', '/screenshot')) as string;
    fs.writeFileSync(file, Buffer.from(png, 'base64'));
  }

  async close() {
    await this.call('DELETE', '').catch(() => undefined);
    killGroup(this.driver);
  }
}

async function command(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const { value } = (await response.json()) as { value: unknown };
  if (!response.ok) {
    const { error, message } = value as WebDriverError;
    throw new Error(`WebDriver ${method} ${path.replace(/^\/session\/[^/]+/, '')}: ${error}: ${message}`);
  }
  return value;
}

/** xvfb-run, the X server and the driver (and the browser under it) are one process group. */
function killGroup(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
