import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { insertManuscript, insertProduct, insertRow } from './utils/factories';
import { binary, expectError } from './utils/http';
import { createTestApp, requestsAs, type TestApp } from './utils/test-app';

interface Candidate {
  manuscriptId: number;
  title: string;
  journalLabel: string;
  columnName: string | null;
  votes: number;
  percent: number;
  rank: number;
  mine: boolean;
}

interface Vote {
  id: number;
  title: string;
  state: 'open' | 'closed';
  votesPerPerson: number;
  candidateCount: number;
  voterCount: number;
  ballotCount: number;
  myVotes: number;
  remainingVotes: number;
  canManage: boolean;
  closedBy: string | null;
  candidates: Candidate[];
}

const FORBIDDEN = '没有权限执行此操作';
const EXPIRED = '登录状态已过期，请重新登录';

/** 动态投票 (docs/votes.md): voteList, open, cast, withdraw, close, export, delete. */
describe('votes', () => {
  let t: TestApp;
  let db: DataSource;
  let editor: string;
  let translator: string;
  let reviewer: string;
  let outsider: string;
  let nobody: string;
  let productId: number;
  let foreignProductId: number;
  const m: number[] = [];
  let voteId: number;

  const as = (token: string) => requestsAs(t, token);
  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => ((await db.query(sql, params)) as T[])[0];
  const deptId = async (name: string) => (await one<{ id: number }>('SELECT id FROM sys_dept WHERE name = $1', [name])).id;
  const period = { startDate: '2026-03-01', endDate: '2026-03-31' };
  const open = (body: Record<string, unknown> = {}, token = editor) => as(token).post('/api/manuscriptVote', { productId, title: '三月好稿评选', votesPerPerson: 2, ...period, ...body });
  const cast = (manuscriptId: number, token: string, id = voteId) => as(token).post('/api/manuscriptVote/ballot', { voteId: id, manuscriptId });
  const withdraw = (manuscriptId: number, token: string, id = voteId) => as(token).del('/api/manuscriptVote/ballot', { voteId: id, manuscriptId });
  const info = async (token: string, id = voteId): Promise<Vote> => {
    const res = await as(token).get(`/api/manuscriptVote/info?id=${id}`);
    expect(res.status).toBe(200);
    return res.body as Vote;
  };
  const votesOf = (v: Vote) => Object.fromEntries(v.candidates.map((c) => [c.manuscriptId, c.votes]));

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    editor = await t.login('editor');
    translator = await t.login('translator');
    reviewer = await t.login('reviewer');
    nobody = await t.loginWithoutRoles('voteless');
    const editorRole = await one<{ id: number }>("SELECT id FROM sys_role WHERE name = '编辑'");
    await t.createUser({ username: 'outsider', nickName: '外部编辑', enabled: true, dept: { id: await deptId('编译部') }, roles: [{ id: editorRole.id }], jobs: [] });
    outsider = await t.login('outsider');

    const unit = await deptId('期刊编辑部');
    productId = await insertProduct(db, { name: '要闻周刊', deptId: unit, period: 'weekly' });
    foreignProductId = await insertProduct(db, { name: '编译简报', deptId: await deptId('编译部'), period: 'weekly' });
    const columnId = await insertRow(db, 'product_column', { productId, name: '国际要闻', sort: 1 });
    const journal = (journalNo: number, planPublishTime: string) => insertRow(db, 'product_journal', { productId, year: 2026, journalNo, totalNo: journalNo + 10, planPublishTime });
    const j1 = await journal(1, '2026-03-02');
    const j2 = await journal(2, '2026-03-09');
    const j3 = await journal(3, '2026-04-06');
    for (const [title, journalId, sort] of [['能源转型提速', j1, 1], ['芯片出口新规', j1, 2], ['港口吞吐量创新高', j2, 1], ['四月稿件', j3, 1]] as const) {
      const id = await insertManuscript(db, { deptId: unit, productId, journalId, title });
      await db.query('UPDATE manuscript SET sort = $2 WHERE id = $1', [id, sort]);
      await db.query('INSERT INTO manuscript_column (manuscript_id, column_id) VALUES ($1, $2)', [id, columnId]);
      m.push(id);
    }
  });
  afterAll(() => t.close());

  it('previews the candidates: the manuscripts of the period journals, issue by issue', async () => {
    const res = await as(editor).get(`/api/manuscriptVote/candidates?productId=${productId}&startDate=2026-03-01&endDate=2026-03-31`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ manuscriptId: m[0], title: '能源转型提速', journalLabel: '2026年第1期（总第11期）', columnName: '国际要闻', deptName: '期刊编辑部' }),
      expect.objectContaining({ manuscriptId: m[1], title: '芯片出口新规' }),
      expect.objectContaining({ manuscriptId: m[2], journalLabel: '2026年第2期（总第12期）' }),
    ]);
  });

  it('opens a vote (201) with its candidates, nobody has voted yet', async () => {
    const res = await open({ title: '  三月好稿评选  ' });
    expect(res.status).toBe(201);
    const vote = res.body as Vote;
    voteId = vote.id;
    expect(vote).toMatchObject({ title: '三月好稿评选', state: 'open', votesPerPerson: 2, candidateCount: 3, voterCount: 0, ballotCount: 0, myVotes: 0, remainingVotes: 2, canManage: true, closedBy: null });
    expect(vote.candidates.map((c) => [c.manuscriptId, c.votes, c.rank, c.mine])).toEqual([
      [m[0], 0, 1, false],
      [m[1], 0, 1, false],
      [m[2], 0, 1, false],
    ]);
    expect(await one('SELECT create_by AS "createBy", state FROM manuscript_vote WHERE id = $1', [voteId])).toEqual({ createBy: 'editor', state: 'open' });
  });

  it('answers 400 with a readable message for a bad vote', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '' }, '投票标题不能为空'],
      [{ title: 'x'.repeat(201) }, '投票标题不能超过 200 个字符'],
      [{ votesPerPerson: 0 }, '每人票数不能小于 1'],
      [{ votesPerPerson: '2.5' }, '每人票数必须是整数'],
      [{ votesPerPerson: true }, '每人票数必须是整数'],
      [{ productId: undefined }, '请选择产品'],
      [{ startDate: '2026-02-30' }, '开始日期不能为空，格式为 yyyy-MM-dd'],
      [{ startDate: '2026-04-01' }, '开始日期不能晚于结束日期'],
      [{ startDate: '2025-01-01', endDate: '2026-03-31' }, '投票周期不能超过 366 天'],
      [{ startDate: '2026-05-01', endDate: '2026-05-31' }, '该周期内的期刊没有稿件，无法发起投票'],
      [{ votesPerPerson: 4 }, '每人票数不能超过候选稿件数（3 篇）'],
    ];
    for (const [body, message] of cases) expectError(await open(body), 400, message);
  });

  it('answers 401 without a session, 403 without the code or outside the product', async () => {
    expectError(await t.http().get('/api/productManuscript/voteList'), 401, EXPIRED);
    expectError(await as(nobody).get('/api/productManuscript/voteList'), 403, FORBIDDEN);
    expectError(await open({}, translator), 403, FORBIDDEN);
    expectError(await open({ productId: foreignProductId }), 403, '只有该产品的编辑可以发起投票', 'VOTE_NOT_MANAGER');
    expectError(await cast(m[0], nobody), 403, FORBIDDEN);
  });

  it('answers 404 for an unknown vote, product or a manuscript that is not a candidate', async () => {
    expectError(await as(translator).get('/api/manuscriptVote/info?id=999999'), 404, '投票不存在');
    expectError(await cast(m[0], translator, 999999), 404, '投票不存在');
    expectError(await cast(m[3], translator), 404, '该稿件不是本次投票的候选稿件');
    expectError(await open({ productId: 999999 }), 404, '产品不存在');
  });

  it('casts one ballot per manuscript up to the quota; a withdrawn ballot can be cast again', async () => {
    const first = await cast(m[0], translator);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ myVotes: 1, remainingVotes: 1, ballotCount: 1, voterCount: 1 });
    expect((first.body as Vote).candidates[0]).toMatchObject({ manuscriptId: m[0], votes: 1, rank: 1, mine: true, percent: 100 });

    expectError(await cast(m[0], translator), 409, '你已经投过这篇稿件');
    expect((await cast(m[1], translator)).status).toBe(201);
    expectError(await cast(m[2], translator), 409, '每人最多投 2 票，请先撤回一票再投', 'VOTE_QUOTA_EXCEEDED');

    const back = await withdraw(m[0], translator);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ myVotes: 1, remainingVotes: 1 });
    expectError(await withdraw(m[0], translator), 409, '你没有投过这篇稿件');
    expect((await cast(m[2], translator)).status).toBe(201);
    expect((await cast(m[2], reviewer)).status).toBe(201);

    const tally = await info(editor);
    expect(tally).toMatchObject({ voterCount: 2, ballotCount: 3, myVotes: 0 });
    expect(tally.candidates.map((c) => [c.manuscriptId, c.votes, c.rank, c.percent])).toEqual([
      [m[2], 2, 1, 66.7],
      [m[1], 1, 2, 33.3],
      [m[0], 0, 3, 0],
    ]);
  });

  it('two simultaneous ballots for the last vote: one is cast, the other answers 409', async () => {
    const results = await Promise.all([cast(m[0], reviewer), cast(m[1], reviewer)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const mine = (await info(reviewer)).candidates.filter((c) => c.mine).map((c) => c.manuscriptId);
    expect(mine).toHaveLength(2);
    // back to a known state: the reviewer keeps only the first ballot
    const extra = mine.find((id) => id !== m[2])!;
    expect((await withdraw(extra, reviewer)).status).toBe(200);
  });

  it('lists votes open first, with the caller counts, filters and a whitelisted sort', async () => {
    const closedOne = (await open({ title: '已结束的投票', votesPerPerson: 1 })).body as Vote;
    expect((await as(editor).post('/api/manuscriptVote/close', { id: closedOne.id })).status).toBe(200);
    const later = (await open({ title: '四月评选', startDate: '2026-04-01', endDate: '2026-04-30', votesPerPerson: 1 })).body as Vote;

    const res = await as(translator).get('/api/productManuscript/voteList?page=0&size=10');
    expect(res.status).toBe(200);
    expect(res.body.totalElements).toBe(3);
    expect(res.body.content.map((v: Vote) => [v.id, v.state])).toEqual([
      [later.id, 'open'],
      [voteId, 'open'],
      [closedOne.id, 'closed'],
    ]);
    expect(res.body.content[1]).toMatchObject({ myVotes: 2, candidateCount: 3, canManage: false, product: { id: productId, name: '要闻周刊' } });
    const closed = await as(translator).get(`/api/productManuscript/voteList?state=closed&productId=${productId}`);
    expect(closed.body.content.map((v: Vote) => v.id)).toEqual([closedOne.id]);
    expect((await as(translator).get('/api/productManuscript/voteList?title=四月')).body.totalElements).toBe(1);
    expectError(await as(translator).get('/api/productManuscript/voteList?sort=password,asc'), 400, '不支持的排序字段: password');
    expectError(await as(translator).get('/api/productManuscript/voteList?state=done'), 400, '投票状态只能是 open 或 closed');
    expectError(await as(translator).get('/api/productManuscript/voteList?size=5000'), 400, 'size 不能超过 1000');
  });

  it('exports only a closed vote', async () => {
    expectError(await as(translator).get(`/api/manuscriptVote/download?id=${voteId}`), 409, '投票尚未结束，不能导出结果', 'VOTE_NOT_CLOSED');
  });

  it('closes only for the opener or a product editor holding vote:edit', async () => {
    expectError(await as(translator).post('/api/manuscriptVote/close', { id: voteId }), 403, FORBIDDEN);
    expectError(await as(outsider).post('/api/manuscriptVote/close', { id: voteId }), 403, '只有发起人或该产品的编辑可以结束或删除投票', 'VOTE_NOT_MANAGER');
    expectError(await as(editor).post('/api/manuscriptVote/close', { id: 'abc' }), 400, '投票 id 必须是整数');
    expectError(await as(editor).post('/api/manuscriptVote/close', { id: 999999 }), 404, '投票不存在');
  });

  it('closing freezes the tally: no ballot afterwards, a second close is 409', async () => {
    const res = await as(editor).post('/api/manuscriptVote/close', { id: voteId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'closed', closedBy: 'editor', remainingVotes: 0, ballotCount: 3, voterCount: 2 });
    expectError(await as(editor).post('/api/manuscriptVote/close', { id: voteId }), 409, '投票已结束', 'VOTE_CLOSED');
    expectError(await cast(m[0], translator), 409, '投票已结束，不能再投票或撤回', 'VOTE_CLOSED');
    expectError(await withdraw(m[1], translator), 409, '投票已结束，不能再投票或撤回', 'VOTE_CLOSED');

    const before = votesOf(await info(translator));
    await db.query('DELETE FROM manuscript_vote_ballot WHERE vote_id = $1', [voteId]);
    const after = await info(translator);
    expect(votesOf(after)).toEqual(before);
    expect(after).toMatchObject({ ballotCount: 3, voterCount: 2 });
  });

  it('exports the frozen result as xlsx in rank order', async () => {
    const res = await as(translator).get(`/api/manuscriptVote/download?id=${voteId}`).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const rows = book.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['名次', '稿件标题', '期号', '栏目', '来源单位', '得票', '占比（%）']);
    expect(rows[1]).toEqual([1, '港口吞吐量创新高', '2026年第2期（总第12期）', '国际要闻', '期刊编辑部', 2, 66.7]);
    expect(rows).toHaveLength(4);
  });

  it('deletes a vote for its managers only (403 for others, 404 once gone)', async () => {
    expectError(await as(translator).del('/api/manuscriptVote', [voteId]), 403, FORBIDDEN);
    expectError(await as(outsider).del('/api/manuscriptVote', [voteId]), 403, '只有发起人或该产品的编辑可以结束或删除投票');
    expect((await as(editor).del('/api/manuscriptVote', [voteId])).status).toBe(200);
    expectError(await as(editor).get(`/api/manuscriptVote/info?id=${voteId}`), 404, '投票不存在');
    expectError(await as(editor).del('/api/manuscriptVote', [voteId]), 404, '投票不存在');
  });

  it('writes one audit row per write', async () => {
    const logs = await db.query("SELECT description FROM sys_log WHERE description IN ('发起投票', '投票', '撤回投票', '结束投票', '删除投票')");
    expect(new Set(logs.map((l: { description: string }) => l.description))).toEqual(new Set(['发起投票', '投票', '撤回投票', '结束投票', '删除投票']));
  });
});
