import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/app.setup';
import { NoticeService } from '../src/modules/realtime/notice.service';
import { RealtimeGateway } from '../src/modules/realtime/realtime.gateway';
import { io, type Socket } from 'socket.io-client';
import { insertNews } from './utils/factories';
import { connect, type Live, listen, refusal, WAIT_MS, waitFor } from './utils/live-client';
import { bearer, createTestApp, type TestApp } from './utils/test-app';

const REDIS_URL = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';

const nonce = () => randomBytes(4).toString('hex');

describe('live channel (/webSocket)', () => {
  let t: TestApp;
  let db: DataSource;
  let url: string;
  let notices: NoticeService;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const open: Socket[] = [];
  let deptX: number;
  let newsId: number;

  const live = async (who: string): Promise<Live> => {
    const l = await connect(url, { token: tokens[who] });
    open.push(l.socket);
    return l;
  };

  /**
   * Messages to one socket arrive in the order they were emitted: once a marker sent after the
   * action has arrived, a notice the action would have sent has arrived too (or never will).
   */
  const settle = async (who: string, l: Live): Promise<void> => {
    const marker = `marker-${nonce()}`;
    notices.toUser(ids[who], { msgType: 'INFO', title: marker, msg: '' });
    await waitFor(l.inbox, (n) => n.title === marker, `${marker} for ${who}`);
  };
  const received = (l: Live, type: string) => l.inbox.filter((n) => n.type === type);

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    notices = t.app.get(NoticeService);
    url = await listen(t.app);
    const admin = await t.login('admin');
    [{ id: deptX }] = await db.query(`SELECT dept_id AS id FROM sys_user WHERE username = 'translator'`);
    const [{ id: reviewerRole }] = await db.query(`SELECT id FROM sys_role WHERE name = '审校'`);
    // same department as the translator: one without roles, one reviewer (holds news:judge)
    for (const [username, roles] of [['colleague', []], ['judge', [{ id: reviewerRole }]]] as const) {
      await t.createUser({ username, nickName: username, enabled: true, dept: { id: deptX }, roles }, admin);
    }
    for (const u of (await db.query('SELECT id, username FROM sys_user')) as Array<{ id: number; username: string }>) ids[u.username] = u.id;
    tokens.admin = admin;
    for (const name of ['editor', 'translator', 'reviewer', 'colleague', 'judge']) tokens[name] = await t.login(name);
    newsId = await insertNews(db, { title: 'Grid <b>storage</b>', titleCn: '电网<script>alert(1)</script>储能' });
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => t.close());

  describe('handshake', () => {
    it('refuses a connection without a token', async () => {
      const e = await refusal(url, {});
      expect(e.message).toBe('UNAUTHORIZED');
      expect(e.data).toEqual({ status: 401, message: '登录状态已过期，请重新登录' });
    });

    it('refuses a garbage or forged token', async () => {
      expect((await refusal(url, { token: 'garbage' })).message).toBe('UNAUTHORIZED');
      const [head, , sig] = tokens.editor.split('.');
      const forged = `${head}.${Buffer.from(JSON.stringify({ sid: '00000000-0000-0000-0000-000000000000', sub: '1', username: 'admin' })).toString('base64url')}.${sig}`;
      expect((await refusal(url, { token: forged })).message).toBe('UNAUTHORIZED');
      expect((await refusal(url, { header: 'Bearer garbage' })).message).toBe('UNAUTHORIZED');
    });

    it('accepts a session token in auth.token or in an Authorization header', async () => {
      const a = await live('editor');
      expect(a.socket.connected).toBe(true);
      const b = await connect(url, { header: bearer(tokens.editor) });
      open.push(b.socket);
      expect(b.socket.connected).toBe(true);
      const c = await connect(url, { token: bearer(tokens.editor) });
      open.push(c.socket);
      expect(c.socket.connected).toBe(true);
    });

    it('does not accept a token in the query string', async () => {
      const socket = io(url, { path: '/webSocket', transports: ['websocket'], reconnection: false, forceNew: true, query: { access_token: tokens.editor } });
      const e = await new Promise<Error>((resolve, reject) => {
        socket.once('connect', () => reject(new Error('connected')));
        socket.once('connect_error', resolve);
      });
      socket.close();
      expect(e.message).toBe('UNAUTHORIZED');
    });

    it('refuses the token after logout and drops the sockets of that session at the next sweep', async () => {
      const token = await t.login('reviewer');
      const other = await live('reviewer'); // another session of the same user stays
      const l = await connect(url, { token });
      open.push(l.socket);
      const dropped = new Promise<string>((resolve) => l.socket.once('disconnect', resolve));
      expect((await t.http().delete('/auth/logout').set('Authorization', bearer(token))).status).toBe(200);
      expect((await refusal(url, { token })).message).toBe('UNAUTHORIZED');
      expect(await t.app.get(RealtimeGateway).sweep()).toBe(1);
      expect(await dropped).toBe('io server disconnect');
      expect(other.socket.connected).toBe(true);
      await settle('reviewer', other);
    });
  });

  describe('share notice', () => {
    it('reaches the recipient only, with the sender and the escaped title', async () => {
      const [translator, judge, editor] = await Promise.all([live('translator'), live('judge'), live('editor')]);
      const res = await t.http().post('/api/newsSuggest').set('Authorization', bearer(tokens.editor)).send({ newsId, toId: ids.translator, content: '请看 <i>这条</i>' });
      expect(res.status).toBe(201);
      const n = await waitFor(translator.inbox, (m) => m.type === 'share', 'share for translator');
      const [{ nick }] = await db.query(`SELECT nick_name AS nick FROM sys_user WHERE username = 'editor'`);
      expect(n).toEqual({
        msgType: 'INFO',
        type: 'share',
        title: '收到分享',
        msg: `${nick} 分享了新闻《电网&lt;script&gt;alert(1)&lt;/script&gt;储能》：请看 &lt;i&gt;这条&lt;/i&gt;`,
        newsId: String(newsId),
      });
      await Promise.all([settle('judge', judge), settle('editor', editor)]);
      expect(received(judge, 'share')).toEqual([]);
      expect(received(editor, 'share')).toEqual([]);
      expect(received(translator, 'share')).toHaveLength(1);
    });

    it('reaches every recipient of a share to several people', async () => {
      const [colleague, judge] = await Promise.all([live('colleague'), live('judge')]);
      const res = await t.http().post('/api/newsSuggest').set('Authorization', bearer(tokens.translator)).send({ newsId, toIds: [ids.colleague, ids.judge] });
      expect(res.status).toBe(201);
      for (const l of [colleague, judge]) expect((await waitFor(l.inbox, (m) => m.type === 'share', 'share')).msg).toMatch(/^.+ 分享了新闻《电网&lt;script&gt;/);
    });
  });

  describe('warning notice', () => {
    it('reaches the other members of the (work) department, not the caller nor other departments', async () => {
      const [translator, colleague, judge, editor, admin] = await Promise.all(['translator', 'colleague', 'judge', 'editor', 'admin'].map(live));
      const res = await t.http().post('/api/news/updateYjData').set('Authorization', bearer(tokens.translator)).send({ id: newsId, yj: true });
      expect(res.status).toBe(200);
      const [{ nick }] = await db.query(`SELECT nick_name AS nick FROM sys_user WHERE username = 'translator'`);
      for (const l of [colleague, judge]) {
        expect(await waitFor(l.inbox, (m) => m.type === 'news.warned', 'warning')).toEqual({
          msgType: 'WARN',
          type: 'news.warned',
          title: '新闻预警',
          msg: `${nick} 将新闻《电网&lt;script&gt;alert(1)&lt;/script&gt;储能》标记为预警`,
          newsId: String(newsId),
          // the work department (新闻中心, the parent of 编译部) whose desk the warning is on
          deptId: (await db.query('SELECT pid FROM sys_dept WHERE id = $1', [deptX]))[0].pid,
        });
      }
      await Promise.all([settle('translator', translator), settle('editor', editor), settle('admin', admin)]);
      for (const l of [translator, editor, admin]) expect(received(l, 'news.warned')).toEqual([]);
    });

    it('sends nothing when the warning is cleared', async () => {
      const colleague = await live('colleague');
      expect((await t.http().post('/api/news/updateYjData').set('Authorization', bearer(tokens.judge)).send({ id: newsId, yj: false })).status).toBe(200);
      await settle('colleague', colleague);
      expect(received(colleague, 'news.warned')).toEqual([]);
    });
  });

  describe('NoticeService.toDept with a permission', () => {
    it('reaches only the members of the department holding it (admins hold every code)', async () => {
      const [translator, colleague, judge, editor, admin] = await Promise.all(['translator', 'colleague', 'judge', 'editor', 'admin'].map(live));
      const title = `judge-${nonce()}`;
      notices.toDept(deptX, { msgType: 'INFO', title, msg: 'x', type: 'translation.submitted' }, { permission: 'news:judge' });
      expect(await waitFor(judge.inbox, (m) => m.title === title, title)).toEqual({ msgType: 'INFO', title, msg: 'x', type: 'translation.submitted' });
      await Promise.all([settle('translator', translator), settle('colleague', colleague), settle('editor', editor)]);
      for (const l of [translator, colleague, editor]) expect(l.inbox.filter((m) => m.title === title)).toEqual([]);

      const [{ id: adminDept }] = await db.query(`SELECT dept_id AS id FROM sys_user WHERE username = 'admin'`);
      const adminTitle = `admin-${nonce()}`;
      notices.toDept(adminDept, { msgType: 'WARN', title: adminTitle, msg: 'y' }, { permission: 'news:judge' });
      expect((await waitFor(admin.inbox, (m) => m.title === adminTitle, adminTitle)).msgType).toBe('WARN');
      await settle('judge', judge);
      expect(judge.inbox.filter((m) => m.title === adminTitle)).toEqual([]);
    });

    it('combines a permission with exceptUserId', async () => {
      const [translator, judge] = await Promise.all([live('translator'), live('judge')]);
      const title = `translate-${nonce()}`;
      notices.toDept(deptX, { msgType: 'INFO', title, msg: '' }, { permission: 'news:translate', exceptUserId: ids.judge });
      await waitFor(translator.inbox, (m) => m.title === title, title);
      await settle('judge', judge);
      expect(judge.inbox.filter((m) => m.title === title)).toEqual([]);
    });
  });
});

describe('live channel across replicas (Redis adapter)', () => {
  let a: TestApp;
  let b: INestApplication;
  let urlA: string;
  let urlB: string;
  const open: Socket[] = [];

  beforeAll(async () => {
    a = await createTestApp({ redisUrl: REDIS_URL });
    urlA = await listen(a.app);
    // a second replica on the same database and the same Redis
    const databaseUrl = (a.app.get(DataSource).options as { url: string }).url;
    const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ ...a.config, databaseUrl })] }).compile();
    b = moduleRef.createNestApplication({ logger: ['error'] });
    configureApp(b, a.config);
    urlB = await listen(b);
  });
  afterAll(async () => {
    for (const s of open) s.close();
    await b?.close();
    await a?.close();
  });

  it('delivers a notice emitted on replica A to a client connected to replica B', async () => {
    const token = await a.login('editor'); // a session of A, valid on B (one database)
    const onB = await connect(urlB, { token });
    open.push(onB.socket);
    const [{ id: editorId }] = await a.app.get(DataSource).query(`SELECT id FROM sys_user WHERE username = 'editor'`);
    const title = `cross-${nonce()}`;
    // B subscribes to Redis asynchronously at start: emit until the first copy arrives
    const deadline = Date.now() + WAIT_MS;
    while (!onB.inbox.some((m) => m.title === title) && Date.now() < deadline) {
      a.app.get(NoticeService).toUser(editorId, { msgType: 'INFO', title, msg: 'from A' });
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await waitFor(onB.inbox, (m) => m.title === title, title)).toEqual({ msgType: 'INFO', title, msg: 'from A' });
  });

  it('carries department rooms and exceptions across replicas', async () => {
    const db = a.app.get(DataSource);
    const [{ id: deptId }] = await db.query(`SELECT dept_id AS id FROM sys_user WHERE username = 'translator'`);
    const [{ id: translatorId }] = await db.query(`SELECT id FROM sys_user WHERE username = 'translator'`);
    const admin = await a.login('admin');
    await a.createUser({ username: 'peer', nickName: 'peer', enabled: true, dept: { id: deptId }, roles: [] }, admin);
    const [translatorOnB, peerOnA, peerOnB] = await Promise.all([
      connect(urlB, { token: await a.login('translator') }),
      connect(urlA, { token: await a.login('peer') }),
      connect(urlB, { token: await a.login('peer') }),
    ]);
    open.push(translatorOnB.socket, peerOnA.socket, peerOnB.socket);
    const title = `dept-${nonce()}`;
    a.app.get(NoticeService).toDept(deptId, { msgType: 'WARN', title, msg: '' }, { exceptUserId: translatorId });
    await waitFor(peerOnA.inbox, (m) => m.title === title, `${title} on A`);
    await waitFor(peerOnB.inbox, (m) => m.title === title, `${title} on B`);
    // published after the department notice on the same connection: arrives after it
    const marker = `marker-${nonce()}`;
    a.app.get(NoticeService).toUser(translatorId, { msgType: 'INFO', title: marker, msg: '' });
    await waitFor(translatorOnB.inbox, (m) => m.title === marker, marker);
    expect(translatorOnB.inbox.filter((m) => m.title === title)).toEqual([]);
  });
});
