import { Readable } from 'node:stream';
import type { Principal } from '../../../common/auth/principal.js';
import { DomainException } from '../../../common/errors/domain.exception.js';
import type { AppConfig } from '../../../config/config.js';
import type { FilesService } from '../../storage/index.js';
import type { OfficeTarget, OfficeTargets } from '../office-targets.js';
import { makeDocx } from '../../../../test/fixtures/word-files.js';
import { OfficeDiffService } from './office-diff.service.js';

// GET api/office/diff (docs/office-design.md §4.9): which versions are compared, the refusals, the answer.
describe('OfficeDiffService', () => {
  const user = { userId: 1 } as unknown as Principal;
  const MB = 1024 * 1024;

  const target = (names: Record<number, string>): OfficeTarget => ({
    kind: 'journal', id: 5, journalId: 5, productId: 1, journalStatus: 'edit', ownsProduct: true, title: '日报2026第5期',
    versions: Object.entries(names).reverse().map(([v, name]) => ({ version: Number(v), fileId: 100 + Number(v), fileName: name, title: null })),
  }) as OfficeTarget;

  const setup = (names: Record<number, string>, bytes: Record<number, Buffer>, size = (_id: number) => 1000) => {
    const t = target(names);
    const targets = {
      assertMayRead: jest.fn(),
      resolve: jest.fn(async () => t),
      pick: jest.fn((tt: OfficeTarget, v: number) => {
        const found = tt.versions.find((x) => x.version === v);
        if (!found) throw DomainException.notFound('版本不存在');
        return found;
      }),
    };
    const opened: number[] = [];
    const files = {
      open: jest.fn(async (_u: Principal, id: number) => {
        opened.push(id);
        return { file: { id, size: String(size(id)) }, stream: Readable.from([bytes[id - 100]]) };
      }),
    };
    const config = { storage: { maxBytes: 2 * MB } } as unknown as AppConfig;
    const service = new OfficeDiffService(targets as unknown as OfficeTargets, files as unknown as FilesService, config);
    return { service, targets, files, opened };
  };

  it('diffs the two versions asked for, from → to, with a word-level change', async () => {
    const { service, targets, opened } = setup({ 1: 'a.docx', 2: 'b.docx', 3: 'c.docx' }, { 1: await makeDocx('今天天气很好'), 3: await makeDocx('今天天气很坏') });
    const res = await service.diff(user, 'journal', 5, 1, 3);
    expect(targets.assertMayRead).toHaveBeenCalledWith(user, 'journal');
    expect(opened).toEqual([101, 103]);
    expect(res.from).toBe(1);
    expect(res.to).toBe(3);
    expect(res.stats).toEqual({ added: 0, removed: 0, changed: 1 });
    const changed = res.paragraphs.find((p) => p.op === 'changed') as { parts: { op: string; text: string }[] };
    expect(changed.parts.filter((p) => p.op !== 'equal').map((p) => `${p.op}:${p.text}`).sort()).toEqual(['delete:很好', 'insert:很坏']);
  });

  it('two equal files: no changes', async () => {
    const doc = await makeDocx('同样的内容');
    const { service } = setup({ 1: 'a.docx', 2: 'b.DOCX' }, { 1: doc, 2: doc });
    const res = await service.diff(user, 'journal', 5, 2, 1);
    expect(res.stats).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(res.paragraphs.every((p) => p.op === 'equal' || p.op === 'skipped')).toBe(true);
  });

  it('400 只能比较两个 .docx 版本 when either is not .docx, before reading any bytes', async () => {
    const { service, files } = setup({ 1: 'a.doc', 2: 'b.docx' }, {});
    await expect(service.diff(user, 'journal', 5, 1, 2)).rejects.toMatchObject({ status: 400, message: '只能比较两个 .docx 版本' });
    await expect(service.diff(user, 'journal', 5, 2, 1)).rejects.toMatchObject({ status: 400, message: '只能比较两个 .docx 版本' });
    expect(files.open).not.toHaveBeenCalled();
  });

  it('404 for a version the target does not have; 400 for a file over UPLOAD_MAX_MB', async () => {
    const doc = await makeDocx('x');
    const { service } = setup({ 1: 'a.docx', 2: 'b.docx' }, { 1: doc, 2: doc }, (id) => (id === 102 ? 3 * MB : 10));
    await expect(service.diff(user, 'journal', 5, 1, 9)).rejects.toMatchObject({ status: 404, message: '版本不存在' });
    await expect(service.diff(user, 'journal', 5, 1, 2)).rejects.toMatchObject({ status: 400, message: '文件超过 2MB，不能比较' });
  });
});
