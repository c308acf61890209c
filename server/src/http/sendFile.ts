import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { contentDisposition } from './contentDisposition';

/** A stored file as a route sends it: its bytes, type, length and the name it is served under. */
export interface FileDownload {
  stream: Readable;
  mimeType: string;
  size: number;
  fileName: string;
}

/**
 * Answers with a stored file: its type, length and name (shown in the browser unless `attachment`), with the cache
 * rule given. Settles when the answer is sent or the client went away; a read failing midway ends the response.
 */
export async function sendFile(
  res: Response,
  file: FileDownload,
  opts: { cacheControl: string; disposition?: 'inline' | 'attachment'; headers?: Record<string, string> },
): Promise<void> {
  res.setHeader('Content-Type', file.mimeType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Content-Disposition', contentDisposition(file.fileName, opts.disposition));
  res.setHeader('Cache-Control', opts.cacheControl);
  for (const [name, value] of Object.entries(opts.headers ?? {})) res.setHeader(name, value);
  await new Promise<void>((resolve, reject) => {
    file.stream.on('error', (err) => {
      if (res.headersSent) res.destroy(err);
      reject(err);
    });
    res.on('finish', resolve);
    res.on('close', resolve);
    file.stream.pipe(res);
  });
}
