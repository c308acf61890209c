/** The real type of an upload, judged by its first bytes, never by its name or declared type. */
export type SniffedType = {
  ext: 'pdf' | 'png' | 'jpg';
  mime: 'application/pdf' | 'image/png' | 'image/jpeg';
};

export function sniffFileType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { ext: 'pdf', mime: 'application/pdf' };
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  return null;
}

export const isImage = (t: SniffedType | null): boolean =>
  t?.mime === 'image/png' || t?.mime === 'image/jpeg';
