import { describe, expect, it } from 'vitest';
import { fileRejectionReason } from './format';

describe('fileRejectionReason', () => {
  it('names the file and the rule it broke', () => {
    expect(fileRejectionReason('notes.txt', ['FILE_INVALID_TYPE'])).toBe(
      'notes.txt is not a PDF, JPG or PNG file.',
    );
    expect(fileRejectionReason('scan.pdf', ['FILE_TOO_LARGE'])).toBe('scan.pdf is larger than 10 MB.');
    expect(fileRejectionReason('a.pdf', ['TOO_MANY_FILES'])).toBe('Choose one file at a time.');
    expect(fileRejectionReason('a.pdf', ['FILE_TOO_SMALL'])).toBe('a.pdf is empty.');
    expect(fileRejectionReason('a.pdf', ['FILE_EXISTS'])).toBe('a.pdf cannot be uploaded.');
  });
});
