import { open } from 'node:fs/promises';

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

/** The type of a file on disk (an upload's temporary file), by its first bytes. */
export async function sniffFile(file: string): Promise<SniffedType | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return sniffFileType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** The name endings each detected type may keep (any other ending is replaced by the type's own). */
const KNOWN_EXTENSIONS: Record<SniffedType['ext'], string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpg: ['jpg', 'jpeg', 'jpe'],
};

const FILE_NAME_MAX = 200;

/**
 * The name to keep and send back on download: the base name only, without control characters, ending in the
 * extension of the detected type (a PNG/HTML polyglot sent as `page.html` is kept as `page.png`, issue 12). Browsers
 * send the name's UTF-8 bytes, which the multipart parser reads as latin1: undo that when the bytes are valid UTF-8.
 */
export function storedFileName(raw: string, type: SniffedType, fallback = 'file'): string {
  let name = raw;
  const asUtf8 = Buffer.from(raw, 'latin1').toString('utf8');
  if (!asUtf8.includes('\uFFFD') && Buffer.from(asUtf8, 'utf8').equals(Buffer.from(raw, 'latin1')))
    name = asUtf8;
  // eslint-disable-next-line no-control-regex
  name = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!KNOWN_EXTENSIONS[type.ext].includes(ext)) {
    const stem = (dot >= 0 ? name.slice(0, dot) : name).replace(/[.\s]+$/, '') || fallback;
    name = `${stem}.${type.ext}`;
  }
  if (name.length > FILE_NAME_MAX) name = name.slice(name.length - FILE_NAME_MAX);
  return name;
}
