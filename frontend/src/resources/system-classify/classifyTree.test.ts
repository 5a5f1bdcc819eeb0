import { describe, expect, it } from 'vitest';
import type { ClassifyNode } from './api';
import { classifyToFormValues, emptyClassifyForm, formValuesToClassify, validateClassifyForm } from './classifyForm';
import { dropRefusal, filterTree, isLocked, movePayload, parentIds, withEnabled } from './classifyTree';
import { visibleRows } from './useClassifyTree';

const node = (id: number, pid: number | null, name: string, code: string | null, children: ClassifyNode[] = [], enabled = true): ClassifyNode => ({
  id,
  pid,
  name,
  code,
  seq: id,
  enabled,
  label: name,
  leaf: children.length === 0,
  hasChildren: children.length > 0,
  createTime: '2026-01-01 08:00:00',
  ...(children.length ? { children } : {}),
});

const ai = node(10011, 10010, '人工智能', 'A3001');
const chips = node(10012, 10010, '半导体', 'A3002', [], false);
const tech = node(10010, 9999, '科技', 'A3000', [ai, chips]);
const politics = node(10001, 9999, '政治', 'A1000');
const noise = node(10020, 9999, '噪音', 'A5000');
const TREE = [node(9999, null, '全部', null, [politics, tech, noise])];

describe('classifyTree', () => {
  it('filters by name or code and keeps the ancestors', () => {
    const names = (nodes: ClassifyNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children ?? [])]);
    expect(names(filterTree(TREE, { keyword: '人工', enabled: '' }))).toEqual(['全部', '科技', '人工智能']);
    expect(names(filterTree(TREE, { keyword: 'a3002', enabled: '' }))).toEqual(['全部', '科技', '半导体']);
    expect(names(filterTree(TREE, { keyword: '', enabled: 'false' }))).toEqual(['全部', '科技', '半导体']);
    expect(filterTree(TREE, { keyword: '人工', enabled: 'false' })).toEqual([]);
    expect(filterTree(TREE, { keyword: ' ', enabled: '' })).toEqual(TREE);
  });

  it('lists the rows down the expanded branches', () => {
    expect(parentIds(TREE)).toEqual([9999, 10010]);
    expect(visibleRows(TREE, new Set([9999])).map((r) => [r.node.name, r.depth, r.expanded])).toEqual([
      ['全部', 0, true],
      ['政治', 1, false],
      ['科技', 1, false],
      ['噪音', 1, false],
    ]);
    expect(visibleRows(TREE, new Set([9999, 10010])).map((r) => r.node.name)).toEqual(['全部', '政治', '科技', '人工智能', '半导体', '噪音']);
  });

  it('refuses the drops the server would refuse', () => {
    expect(dropRefusal(TREE, ai, politics)).toBeNull();
    expect(dropRefusal(TREE, tech, TREE[0])).toBe('same_parent');
    expect(dropRefusal(TREE, ai, TREE[0])).toBeNull();
    expect(dropRefusal(TREE, tech, tech)).toBe('self');
    expect(dropRefusal(TREE, tech, ai)).toBe('descendant');
    expect(dropRefusal(TREE, ai, noise)).toBe('noise');
    expect(dropRefusal(TREE, noise, politics)).toBe('locked');
    expect(dropRefusal(TREE, TREE[0], politics)).toBe('locked');
    expect([isLocked(noise), isLocked(TREE[0]), isLocked(ai)]).toEqual([true, true, false]);
  });

  it('sends the whole record on a move and on the switch', () => {
    expect(movePayload(ai, 10001)).toEqual({ id: 10011, pid: 10001, name: '人工智能', code: 'A3001', seq: 10011, enabled: true });
    expect(withEnabled(chips, true)).toEqual({ id: 10012, pid: 10010, name: '半导体', code: 'A3002', seq: 10012, enabled: true });
  });
});

describe('classifyForm', () => {
  it('maps a node to the form and back, blank code as null', () => {
    const values = classifyToFormValues(chips);
    expect(values).toEqual({ id: 10012, pid: 10010, name: '半导体', code: 'A3002', seq: 10012, enabled: 'false' });
    expect(formValuesToClassify({ ...values, name: ' 芯片 ', code: ' ' })).toEqual({ id: 10012, pid: 10010, name: '芯片', code: null, seq: 10012, enabled: false });
    expect(formValuesToClassify(emptyClassifyForm(10010))).toEqual({ pid: 10010, name: '', code: null, seq: 999, enabled: true });
  });

  it('checks what the server checks', () => {
    expect(validateClassifyForm(emptyClassifyForm())).toEqual({ name: 'form.name_required' });
    expect(validateClassifyForm({ id: 5, pid: 5, name: 'x'.repeat(101), code: 'A'.repeat(33), seq: '1.5' })).toEqual({
      pid: 'form.pid_self',
      name: 'form.name_too_long',
      code: 'form.code_too_long',
      seq: 'form.seq_invalid',
    });
    expect(validateClassifyForm({ pid: null, name: 'ok', code: '', seq: 100000 })).toEqual({ pid: 'form.pid_required', seq: 'form.seq_invalid' });
  });
});
