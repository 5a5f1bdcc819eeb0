import type { Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { AlertsService } from '../src/modules/collect/alerts/alerts.service';
import { NoticeService } from '../src/modules/realtime/notice.service';
import { insertRow, NOW } from './utils/factories';
import { expectError } from './utils/http';
import { connect, type Live, listen, waitFor } from './utils/live-client';
import { createTestApp, requestsAs, type TestApp } from './utils/test-app';

/**
 * Keyword alert rules (issue 16 piece 5; docs/collect-api.md "Alerts", docs/collect-design.md
 * §5.5): the `api/alertRule` contract (codes `alertRule:*`, validation, the grammar's 400, the
 * 50-rule limit), the department scope (another department's rule is invisible and unchangeable),
 * 试一试, and `matchNew` as the collector calls it: hits recorded once, `news_dept.yj`, the live
 * notice to the department, the hits removed with the item.
 */
describe('keyword alert rules: api/alertRule', () => {
  let t: TestApp;
  let db: DataSource;
  let url: string;
  const tokens: Record<string, string> = {};
  /** Work departments: E of the editor, N of the translator (and of `watcher`, who holds alertRule:*). */
  let deptE: number;
  let deptN: number;
  const API = '/api/alertRule';
  const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
  const as = (who: string) => requestsAs(t, tokens[who]);
  const open: Socket[] = [];

  const workDeptOf = async (username: string): Promise<number> => {
    const [row]: Array<{ id: number; pid: number | null }> = await db.query(
      'SELECT d.id, d.pid FROM sys_user u JOIN sys_dept d ON d.id = u.dept_id WHERE u.username = $1',
      [username],
    );
    return row.pid == null || row.pid === 0 ? row.id : row.pid;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    url = await listen(t.app);
    tokens.admin = await t.login('admin');
    const [{ deptId }]: Array<{ deptId: number }> = await db.query(`SELECT dept_id AS "deptId" FROM sys_user WHERE username = 'translator'`);
    const [{ id: editorRole }]: Array<{ id: number }> = await db.query(`SELECT id FROM sys_role WHERE name = '编辑'`);
    await t.createUser({ username: 'watcher', nickName: '预警员', enabled: true, dept: { id: deptId }, roles: [{ id: editorRole }] }, tokens.admin);
    tokens.nobody = await t.loginWithoutRoles('noalerts');
    for (const name of ['editor', 'translator', 'watcher']) tokens[name] = await t.login(name);
    deptE = await workDeptOf('editor');
    deptN = await workDeptOf('translator');
    expect(deptE).not.toBe(deptN);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => t.close());

  describe('CRUD and validation', () => {
    let ruleId: number;

    it('creates a rule in the caller\'s work department, lists, changes and deletes it', async () => {
      const created = await as('editor').post(API, { name: '美联储动向', query: '美联储 AND (加息 OR 降息)', webIds: [3, 3, 1], classify: [], notify: 'false' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        deptId: deptE,
        name: '美联储动向',
        query: '美联储 AND (加息 OR 降息)',
        webIds: [3, 1],
        classify: [],
        enabled: true,
        notify: false,
        hitCount: 0,
        lastHitAt: null,
        createBy: 'editor',
      });
      expect(created.body.createTime).toMatch(TIME);
      ruleId = created.body.id;

      const list = await as('editor').get(`${API}?page=0&size=10`);
      expect(list.status).toBe(200);
      expect(list.body.totalElements).toBe(1);
      expect(list.body.content[0]).toMatchObject({ id: ruleId, name: '美联储动向' });

      const changed = await as('editor').put(API, { id: ruleId, name: '美联储', enabled: false, webIds: [] });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ id: ruleId, name: '美联储', query: '美联储 AND (加息 OR 降息)', enabled: false, webIds: [], notify: false, updateBy: 'editor' });

      const second = await as('editor').post(API, { name: '第二条', query: 'Fed' });
      expect(second.status).toBe(201);
      const deleted = await as('editor').del(API, [second.body.id]);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deleted: [second.body.id] });
      expect((await as('editor').get(API)).body.content.map((r: { id: number }) => r.id)).toEqual([ruleId]);
    });

    it('answers 401 without a token and 403 without the alertRule codes', async () => {
      expectError(await t.http().get(API), 401);
      expectError(await t.http().post(`${API}/test`).send({ query: 'a', text: 'a' }), 401);
      for (const who of ['nobody', 'translator']) {
        expectError(await as(who).get(API), 403);
        expectError(await as(who).post(API, { name: 'x', query: 'x' }), 403);
        expectError(await as(who).put(API, { id: ruleId, name: 'x' }), 403);
        expectError(await as(who).del(API, [ruleId]), 403);
        expectError(await as(who).post(`${API}/test`, { query: 'x', text: 'x' }), 403);
      }
    });

    it('refuses bad input with a readable 400: the grammar error says what and where', async () => {
      expectError(await as('editor').post(API, { name: '坏规则', query: '(美联储 OR 加息' }), 400, '规则语法错误：缺少右括号（位置 11）');
      expectError(await as('editor').post(API, { name: '只有非', query: 'NOT 加息' }), 400, '规则语法错误：至少需要一个肯定条件');
      expectError(await as('editor').post(API, { name: '  ', query: 'a' }), 400, '规则名称不能为空');
      expectError(await as('editor').post(API, { name: 'x'.repeat(101), query: 'a' }), 400, '规则名称不能超过 100 个字符');
      expectError(await as('editor').post(API, { name: 'a', query: 'a'.repeat(501) }), 400, '规则不能超过 500 个字符');
      expectError(await as('editor').post(API, { name: 'a', query: 'a', webIds: ['x'] }), 400, '数据源 id 必须是整数');
      expectError(await as('editor').post(API, { name: 'a', query: 'a', webIds: 5 }), 400, '数据源必须是数组');
      expectError(await as('editor').post(API, { name: 'a', query: 'a', classify: Array.from({ length: 51 }, (_, i) => i + 1) }), 400, '分类不能超过 50 个');
      expectError(await as('editor').post(API, { name: 'a', query: 'a', enabled: 'maybe' }), 400, '启用必须是 true 或 false');
      expectError(await as('editor').put(API, { id: ruleId, query: 'a OR' }), 400, /^规则语法错误：缺少关键词/);
      expectError(await as('editor').put(API, { id: 'x', name: 'a' }), 400, 'id 必须是整数');
      expectError(await as('editor').del(API, []), 400);
      expectError(await as('editor').get(`${API}?size=abc`), 400, 'size 必须是整数');
      expectError(await as('editor').get(`${API}?sort=secret,asc`), 400, '不支持的排序字段: secret');
      // null is a value to check, not a null written into a NOT NULL column (these were 500s)
      expectError(await as('admin').post(API, { name: 'a', query: 'a', deptId: null }), 400, 'deptId 必须是整数');
      expectError(await as('editor').put(API, { id: ruleId, name: null }), 400, '规则名称不能为空');
      expectError(await as('editor').put(API, { id: ruleId, query: null }), 400, '规则不能为空');
    });

    it('answers 404 for an unknown rule', async () => {
      expectError(await as('editor').put(API, { id: 999_999, name: 'x' }), 404, '预警规则不存在');
      expectError(await as('editor').del(API, [999_999]), 404, '预警规则不存在');
    });

    it('keeps another department\'s rules invisible and unchangeable; admins read and write any department', async () => {
      expect((await as('watcher').get(API)).body).toEqual({ content: [], totalElements: 0 });
      expectError(await as('watcher').get(`${API}?deptId=${deptE}`), 403);
      expectError(await as('watcher').put(API, { id: ruleId, name: '改别人的' }), 404, '预警规则不存在');
      expectError(await as('watcher').del(API, [ruleId]), 404, '预警规则不存在');
      expectError(await as('watcher').post(API, { name: '给别的部门', query: 'a', deptId: deptE }), 403, '只能管理本部门的预警规则');
      expect((await db.query('SELECT name FROM collect_alert_rule WHERE id = $1', [ruleId]))[0].name).toBe('美联储');

      const seen = await as('admin').get(`${API}?deptId=${deptE}`);
      expect(seen.body.content.map((r: { id: number }) => r.id)).toEqual([ruleId]);
      expect((await as('admin').put(API, { id: ruleId, name: '管理员改过' })).body).toMatchObject({ id: ruleId, name: '管理员改过', deptId: deptE });
      const forN = await as('admin').post(API, { name: '管理员代建', query: 'a', deptId: deptN });
      expect(forN.status).toBe(201);
      expect(forN.body.deptId).toBe(deptN);
      expect((await as('watcher').get(API)).body.content.map((r: { id: number }) => r.id)).toEqual([forN.body.id]);
      expect((await as('watcher').del(API, [forN.body.id])).body).toEqual({ deleted: [forN.body.id] });
    });

    it('allows at most 50 rules per department (409 ALERT_RULE_LIMIT)', async () => {
      await db.query(
        `INSERT INTO collect_alert_rule (dept_id, name, query, enabled) SELECT $1, 'r' || g, 'limit' || g, false FROM generate_series(1, 50) g`,
        [deptN],
      );
      expectError(await as('watcher').post(API, { name: '第 51 条', query: 'a' }), 409, '每个部门最多 50 条预警规则', 'ALERT_RULE_LIMIT');
      expect((await as('editor').post(API, { name: '另一个部门不受影响', query: 'b', enabled: false })).status).toBe(201);
      await db.query(`DELETE FROM collect_alert_rule WHERE dept_id = $1 AND query LIKE 'limit%'`, [deptN]);
    });
  });

  describe('试一试', () => {
    it('answers whether the text matches and the positive terms', async () => {
      const hit = await as('watcher').post(`${API}/test`, { query: '美联储 AND (加息 OR 降息) -传闻', text: '美联储宣布加息 25 个基点' });
      expect(hit.status).toBe(200);
      expect(hit.body).toEqual({ matches: true, terms: ['美联储', '加息', '降息'] });
      const miss = await as('watcher').post(`${API}/test`, { query: '美联储 AND (加息 OR 降息) -传闻', text: '美联储加息传闻' });
      expect(miss.body).toEqual({ matches: false, terms: ['美联储', '加息', '降息'] });
      expect((await as('watcher').post(`${API}/test`, { query: '"interest rate" OR Fed', text: 'The FED holds' })).body.matches).toBe(true);
      expectError(await as('watcher').post(`${API}/test`, { query: '"未闭合', text: 'x' }), 400, '规则语法错误：引号未闭合（位置 1）');
      expectError(await as('watcher').post(`${API}/test`, { query: 'a', text: '' }), 400, '请输入要试验的文本');
    });
  });

  describe('matchNew (the collector after a batch)', () => {
    /** The items of the batch: a, b, c hit the department N rules, d nothing. */
    const batch: number[] = [];
    it('records hits once, warns the items for the rule\'s department, tells its members, and drops hits with the item', async () => {
      const alerts = t.app.get(AlertsService);
      const [{ id: webId }]: Array<{ id: number }> = await db.query(`INSERT INTO news_website (name, url) VALUES ('预警源', 'https://alerts.example.org/') RETURNING id`);
      const [{ id: otherWeb }]: Array<{ id: number }> = await db.query(`INSERT INTO news_website (name, url) VALUES ('别的源', 'https://other.example.org/') RETURNING id`);
      const [{ id: leaf }]: Array<{ id: number }> = await db.query(
        'SELECT c.id FROM news_classify c WHERE c.pid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM news_classify d WHERE d.pid = c.id) ORDER BY c.id LIMIT 1',
      );
      const [{ pid: parent }]: Array<{ pid: number }> = await db.query('SELECT pid FROM news_classify WHERE id = $1', [leaf]);

      const storage = (await as('watcher').post(API, { name: '储能', query: '储能 OR "battery storage"' })).body;
      const classed = (await as('watcher').post(API, { name: '分类内储能', query: '储能', classify: [parent] })).body;
      const elsewhere = (await as('watcher').post(API, { name: '只看别的源', query: '储能', webIds: [otherWeb] })).body;
      const silent = (await as('editor').post(API, { name: '出版中心储能', query: '储能', notify: false })).body;
      expect([storage.id, classed.id, elsewhere.id, silent.id].every(Number.isInteger)).toBe(true);

      const item = (fields: Record<string, unknown>) => insertRow(db, 'news', { url: `https://alerts.example.org/${Math.random()}`, publishTime: NOW, webId, ...fields });
      const a = await item({ title: '电网储能项目落地', content: '……', classify: [leaf] });
      const b = await item({ title: 'Grid news', content: 'New battery storage plant opens', titleCn: null });
      const c = await item({ title: 'Markets', content: 'Nothing here', contentCn: '与储能无关的翻译：储能' });
      const d = await item({ title: 'Sports', content: 'Football' });

      const translator = await connect(url, { token: tokens.translator });
      open.push(translator.socket);
      const editor: Live = await connect(url, { token: tokens.editor });
      open.push(editor.socket);

      batch.push(a, b, c, d);
      const ids = [a, b, c, d].map(String);
      const hits = await db.transaction((em) => alerts.matchNew(em, webId, ids));
      // storage: a, b, c (the translation counts); classed: a; elsewhere: none; silent: a, c
      expect(hits).toBe(6);
      const rows: Array<{ ruleId: number; newsId: string; deptId: number }> = await db.query(
        'SELECT rule_id AS "ruleId", news_id::text AS "newsId", dept_id AS "deptId" FROM collect_alert_hit ORDER BY rule_id, news_id',
      );
      expect(rows).toEqual(
        [
          ...[a, b, c].map((n) => ({ ruleId: storage.id, newsId: String(n), deptId: deptN })),
          { ruleId: classed.id, newsId: String(a), deptId: deptN },
          ...[a, c].map((n) => ({ ruleId: silent.id, newsId: String(n), deptId: deptE })),
        ].sort((x, y) => x.ruleId - y.ruleId || Number(x.newsId) - Number(y.newsId)),
      );
      const warned: Array<{ newsId: string; deptId: number }> = await db.query(
        'SELECT news_id::text AS "newsId", dept_id AS "deptId" FROM news_dept WHERE yj AND news_id = ANY($1::bigint[]) ORDER BY dept_id, news_id',
        [ids],
      );
      expect(warned).toEqual(
        expect.arrayContaining([...[a, b, c].map((n) => ({ newsId: String(n), deptId: deptN })), ...[a, c].map((n) => ({ newsId: String(n), deptId: deptE }))]),
      );
      expect(warned).toHaveLength(5);
      const counts = (await as('watcher').get(API)).body.content as Array<{ id: number; hitCount: number; lastHitAt: string | null }>;
      expect(counts.find((r) => r.id === storage.id)).toMatchObject({ hitCount: 3, lastHitAt: expect.stringMatching(TIME) });
      expect(counts.find((r) => r.id === elsewhere.id)).toMatchObject({ hitCount: 0, lastHitAt: null });

      const notice = await waitFor(translator.inbox, (n) => n.type === 'news.alert' && n.msg.includes('「储能」'), 'alert for the storage rule');
      expect(notice).toEqual({ msgType: 'WARN', type: 'news.alert', title: '关键词预警', msg: '规则「储能」命中 3 条新闻：《电网储能项目落地》…', newsId: String(a), deptId: deptN });
      await waitFor(translator.inbox, (n) => n.msg === '规则「分类内储能」命中 1 条新闻：《电网储能项目落地》', 'alert for the class rule');

      // a second call with the same items records nothing, counts nothing, tells nobody
      expect(await db.transaction((em) => alerts.matchNew(em, webId, ids))).toBe(0);
      expect((await db.query('SELECT hit_count FROM collect_alert_rule WHERE id = $1', [storage.id]))[0].hit_count).toBe(3);
      // the editor's department rule does not notify; its members got nothing
      // (messages to one socket arrive in order: once a marker sent now has arrived, an alert would have too)
      const [{ id: editorId }]: Array<{ id: number }> = await db.query(`SELECT id FROM sys_user WHERE username = 'editor'`);
      t.app.get(NoticeService).toUser(editorId, { msgType: 'INFO', title: 'marker', msg: '' });
      await waitFor(editor.inbox, (n) => n.title === 'marker', 'marker for the editor');
      expect(editor.inbox.filter((n) => n.type === 'news.alert')).toEqual([]);
      expect(translator.inbox.filter((n) => n.type === 'news.alert')).toHaveLength(2);

      // deleting an item drops its hits (RemovalHooks step news)
      expect((await as('admin').post('/api/news/deleteById', { id: a })).status).toBe(200);
      expect((await db.query('SELECT count(*)::int AS n FROM collect_alert_hit WHERE news_id = $1', [a]))[0].n).toBe(0);
      // b and c keep theirs (storage: b, c; silent: c)
      expect((await db.query('SELECT count(*)::int AS n FROM collect_alert_hit'))[0].n).toBe(3);
    });

    it('lists the department\'s warned items: GET api/news/list?type=yj', async () => {
      const [, b, c] = batch;
      const list = await as('translator').get('/api/news/list?type=yj&page=0&size=50');
      expect(list.status).toBe(200);
      // a was deleted above; the demo data's own warnings of the department are listed too
      const listed = (list.body.content as Array<{ id: number; yj: boolean; yjBy: string | null; yjTime: string | null }>).filter((r) => batch.includes(r.id));
      expect(listed.map((r) => r.id).sort((x, y) => x - y)).toEqual([b, c]);
      // who and when: a rule warned them, just now
      for (const r of listed) {
        expect(r.yjBy).toBe('预警规则');
        expect(r.yjTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      }
      expect(list.body.content.every((r: { yj: boolean }) => r.yj)).toBe(true);
    });

    it('matches nothing for an empty batch or a source no rule watches', async () => {
      const alerts = t.app.get(AlertsService);
      expect(await alerts.matchNew(db.manager, 1, [])).toBe(0);
      await db.query('UPDATE collect_alert_rule SET enabled = false, update_time = now()');
      const id = await insertRow(db, 'news', { url: `https://alerts.example.org/${Math.random()}`, publishTime: NOW, title: '储能' });
      expect(await alerts.matchNew(db.manager, 1, [String(id)])).toBe(0);
    });
  });
});
