import path from 'node:path';
import { LocalDiskDriver } from './drivers';
import { FileStore } from './fileStore';
import { initUploadTemp } from './upload';

export { FileStore } from './fileStore';
export { LocalDiskDriver, type StorageDriver } from './drivers';
export { sniffFile, sniffFileType, storedFileName, isImage, type SniffedType } from './fileType';
export { singleFileUpload, type UploadedFile } from './upload';

let store: FileStore | null = null;

export function initFileStore(dataDir: string, key: Buffer): FileStore {
  store = new FileStore(new LocalDiskDriver(path.resolve(dataDir, 'files')), key);
  initUploadTemp(path.resolve(dataDir, 'uploads-tmp'));
  return store;
}

/** The process's file store (set up at boot by createRuntime). */
export function fileStore(): FileStore {
  if (!store) throw new Error('file store is not initialised');
  return store;
}

/** The folder encrypted files live in (tests read it to prove no plaintext reaches the disk). */
export const filesRoot = (dataDir: string) => path.resolve(dataDir, 'files');
