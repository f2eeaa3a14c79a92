import { expect } from '@playwright/test';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The e2e server has no SMTP_URL, so it writes every e-mail as an .eml file under DATA_DIR/mail.
 * Waits for the newest message to `to` whose link contains `kind`, and returns that link.
 */
export async function linkFromMail(to: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(dir).catch(() => [] as string[])).sort().reverse();
        for (const file of files) {
          const eml = decodeQuotedPrintable(await fs.readFile(path.join(dir, file), 'utf8'));
          if (!eml.includes(`To: ${to}`)) continue;
          link = eml.match(new RegExp(`https?://[^\\s"<]+/${kind}/[\\w-]+`))?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** nodemailer writes bodies quoted-printable: soft line breaks (=\n) and =XX escapes. */
function decodeQuotedPrintable(eml: string) {
  return eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
