import { describe, expect, it } from 'vitest';
import { checkUpload, decodeDataUrl, sniff } from './uploads.ts';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe('uploads', () => {
  it('knows a file by its bytes, not its name', () => {
    expect(sniff(png)).toBe('image/png');
    expect(sniff(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniff(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniff(Buffer.from('<svg onload="alert(1)"/>'))).toBeNull();
    expect(sniff(Buffer.from('GIF89a'))).toBeNull();
  });

  it('reads base64 data URLs whatever type they claim', () => {
    const url = `data:image/png;base64,${Buffer.from('<html>').toString('base64')}`;
    expect(() => checkUpload(decodeDataUrl(url, 'image'), ['image/png', 'image/jpeg'], 1000, 'image')).toThrow(
      'The file must be a PNG or JPEG file.',
    );
    expect(() => decodeDataUrl('data:text/plain,hello', 'image')).toThrow('The file could not be read');
  });

  it('refuses files over the limit with 413', () => {
    try {
      checkUpload(Buffer.concat([png, Buffer.alloc(2000)]), ['image/png'], 1000, 'image');
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ statusCode: 413, fields: { image: 'too large' } });
    }
  });
});
