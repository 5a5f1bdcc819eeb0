import { describe, expect, it } from 'vitest';
import { checkWordFile, extensionOf, formatSize, MSG_TOO_LARGE, MSG_WORD_ONLY, UPLOAD_MAX_BYTES } from './rules';

describe('upload rules', () => {
  it('reads the extension of the base name, lower-cased', () => {
    expect(extensionOf('报告.DOCX')).toBe('docx');
    expect(extensionOf('dir.v2/plain')).toBe('');
    expect(extensionOf('.docx')).toBe('');
    expect(extensionOf('a.tar.gz')).toBe('gz');
  });

  it('accepts .doc and .docx up to 100 MB', () => {
    expect(checkWordFile({ name: 'a.doc', size: 1 })).toBeNull();
    expect(checkWordFile({ name: 'a.docx', size: UPLOAD_MAX_BYTES })).toBeNull();
  });

  it('refuses other types and files over 100 MB with the spec messages', () => {
    expect(checkWordFile({ name: 'a.pdf', size: 1 })).toBe(MSG_WORD_ONLY);
    expect(checkWordFile({ name: 'docx', size: 1 })).toBe(MSG_WORD_ONLY);
    expect(checkWordFile({ name: 'a.docx', size: UPLOAD_MAX_BYTES + 1 })).toBe(MSG_TOO_LARGE);
    expect(MSG_TOO_LARGE).toBe('上传文件大小不能超过 100MB!');
  });

  it('formats sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(100 * 1024 * 1024)).toBe('100 MB');
  });
});
