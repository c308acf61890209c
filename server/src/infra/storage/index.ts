import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileStore } from '../services';
import { LocalDiskDriver } from './drivers';
import { FileStore } from './fileStore';
import { initUploadTemp } from './upload';

export { FileStore } from './fileStore';
export { LocalDiskDriver, type StorageDriver } from './drivers';
export { sniffFile, sniffFileType, storedFileName, isImage, type SniffedType } from './fileType';
import { storedFileName, type SniffedType } from './fileType';
export { singleFileUpload, type UploadedFile } from './upload';
export { cleanImage, MAX_IMAGE_PIXELS } from './images';

/** The process's file store, made at boot by createRuntime (modules reach it through infra/services.ts). */
export function createFileStore(dataDir: string, key: Buffer): FileStore {
  initUploadTemp(path.resolve(dataDir, 'uploads-tmp'));
  return new FileStore(new LocalDiskDriver(path.resolve(dataDir, 'files')), key);
}

export { fileStore };

/**
 * A stored photo for download (load photos, shipment photos): its bytes from the file store, served under a name that
 * ends in the detected type's extension, whatever name the upload came with.
 */
export async function openStoredPhoto(photo: {
  storageKey: string;
  mimeType: string;
  fileSize: number;
  fileName?: string | null;
}): Promise<{ stream: Readable; mimeType: string; size: number; fileName: string }> {
  const ext = photo.mimeType === 'image/png' ? 'png' : 'jpg';
  return {
    stream: await fileStore().open(photo.storageKey),
    mimeType: photo.mimeType,
    size: photo.fileSize,
    fileName: storedFileName(photo.fileName ?? '', { ext, mime: photo.mimeType } as SniffedType, 'photo'),
  };
}

/** The folder encrypted files live in (tests read it to prove no plaintext reaches the disk). */
export const filesRoot = (dataDir: string) => path.resolve(dataDir, 'files');
