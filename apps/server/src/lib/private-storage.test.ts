import { describe, expect, it } from 'vitest';
import { privateStorage, sniffImageType } from './private-storage.ts';

describe('sniffImageType', () => {
  it('knows png and jpeg by their first bytes', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
  });

  it('refuses anything else, whatever its name says', () => {
    expect(sniffImageType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('privateStorage', () => {
  it('never resolves a key outside its root', () => {
    const storage = privateStorage('/srv/flick');
    expect(storage.locate('verifications/1/abc/passport.png')).toBe('/srv/flick/private/verifications/1/abc/passport.png');
    expect(() => storage.locate('../postgres')).toThrow();
    expect(() => storage.locate('verifications/../../postgres')).toThrow();
    expect(() => storage.locate('/etc/passwd')).toThrow();
  });
});
