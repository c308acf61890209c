import path from 'node:path';
import { LocalDiskDriver } from './drivers';
import { FileStore } from './fileStore';
import { initUploadTemp } from './upload';

export { FileStore } from './fileStore';
export { LocalDiskDriver, type StorageDriver } from './drivers';
export { sniffFile, sniffFileType, storedFileName, isImage, type SniffedType } from './fileType';
export { singleFileUpload, type UploadedFile } from './upload';

/** The process's file store, made at boot by createRuntime (modules reach it through infra/services.ts). */
export function createFileStore(dataDir: string, key: Buffer): FileStore {
  initUploadTemp(path.resolve(dataDir, 'uploads-tmp'));
  return new FileStore(new LocalDiskDriver(path.resolve(dataDir, 'files')), key);
}

export { fileStore } from '../services';

/** The folder encrypted files live in (tests read it to prove no plaintext reaches the disk). */
export const filesRoot = (dataDir: string) => path.resolve(dataDir, 'files');
