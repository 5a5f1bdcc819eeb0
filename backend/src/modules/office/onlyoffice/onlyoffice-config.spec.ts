import { configTitle, documentKey, editorConfig, editorLang, fileTypeOf, type EditorConfigInput } from './onlyoffice-config';

/** docs/office-design.md §2.1, §5: key format, charset, length and rotation; the config of edit and view sessions. */
describe('ONLYOFFICE editor config', () => {
  it('keys: <prefix>-<j|c><id>-v<version>-f<fileId>, allowed characters only, rotated by a new version', () => {
    expect(documentKey('7f3a1c', 'journal', 12, 3, 881)).toBe('7f3a1c-j12-v3-f881');
    expect(documentKey('hz', 'copy', 345, 1, 9)).toBe('hz-c345-v1-f9');
    const before = documentKey('hz', 'journal', 12, 3, 881);
    expect(documentKey('hz', 'journal', 12, 4, 882)).not.toBe(before);
    expect(documentKey('hz', 'journal', 12, 3, 881)).toMatch(/^[0-9A-Za-z._=-]{1,128}$/);
    expect(() => documentKey('h z', 'journal', 1, 1, 1)).toThrow(/invalid/);
    expect(() => documentKey('x'.repeat(130), 'journal', 1, 1, 1)).toThrow(/invalid/);
  });

  it('language, file type, title', () => {
    expect(editorLang('zh-CN')).toBe('zh');
    expect(editorLang('en_US')).toBe('en');
    expect(fileTypeOf('稿件.DOC')).toBe('doc');
    expect(fileTypeOf('日报.docx')).toBe('docx');
    expect(configTitle('日报2026第12期', '日报.docx')).toBe('日报2026第12期.docx');
    expect(configTitle('稿件.doc', '稿件.doc')).toBe('稿件.doc');
    expect(configTitle('长'.repeat(200), 'a.docx')).toHaveLength(128);
  });

  const input: EditorConfigInput = {
    key: 'hz-j12-v3-f881',
    title: '日报2026第12期',
    fileName: '日报.docx',
    url: 'http://nginx/files/cap/%E6%97%A5%E6%8A%A5.docx',
    mode: 'edit',
    callbackUrl: 'http://nginx/api/office/onlyoffice/callback?s=abc',
    user: { id: 17, name: '张三' },
    lang: 'zh-CN',
    kind: 'journal',
    targetId: 12,
    instanceId: 'http://nginx',
  };

  it('an edit session: edit permission, the callback, forcesave, zh', () => {
    expect(editorConfig(input)).toEqual({
      documentType: 'word',
      document: {
        fileType: 'docx',
        key: 'hz-j12-v3-f881',
        title: '日报2026第12期.docx',
        url: input.url,
        permissions: { edit: true, download: true, print: true, comment: false, review: false, chat: false },
        referenceData: { fileKey: 'j12', instanceId: 'http://nginx' },
      },
      editorConfig: {
        mode: 'edit',
        lang: 'zh',
        region: 'zh-CN',
        callbackUrl: input.callbackUrl,
        user: { id: '17', name: '张三' },
        customization: { forcesave: true, autosave: true, compactHeader: true },
        coEditing: { mode: 'fast', change: false },
      },
    });
  });

  it('a read-only session: view mode, no edit permission, no callback', () => {
    const config = editorConfig({ ...input, mode: 'view', kind: 'copy', targetId: 5, fileName: '稿件.doc', title: '稿件' }) as { document: Record<string, unknown>; editorConfig: Record<string, unknown> };
    expect(config.editorConfig.mode).toBe('view');
    expect(config.editorConfig).not.toHaveProperty('callbackUrl');
    expect(config.document).toMatchObject({ fileType: 'doc', title: '稿件.doc', permissions: expect.objectContaining({ edit: false }), referenceData: { fileKey: 'c5', instanceId: 'http://nginx' } });
  });
});
