import { randomBytes } from 'node:crypto';

export type Part = string | { filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body for app.inject, built by hand so tests control every byte. */
export function multipart(parts: Record<string, Part>) {
  const boundary = `----flick${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, part] of Object.entries(parts)) {
    const head =
      typeof part === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`;
    chunks.push(Buffer.from(head), typeof part === 'string' ? Buffer.from(part) : part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest real images: a 1x1 PNG and a JPEG header are enough for type sniffing. */
export const png = (size = 0) =>
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000000000200015e2d7c0b0000000049454e44ae426082', 'hex'),
    Buffer.alloc(size),
  ]);
export const jpeg = () => Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
