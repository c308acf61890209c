/** RFC 6266 / RFC 5987: an ASCII fallback name plus the exact name, UTF-8 percent-encoded. */
export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'inline'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
