import type { Server } from 'socket.io';
import { defineAbility } from '../../common/access/ability';
import { clip, escapeHtml, html, NoticeService, roomsOf as rooms } from './notice.service';

/** A socket.io server double recording to / except / emit. */
function fakeServer() {
  const calls: Array<{ to: string; except?: string; event: string; payload: unknown }> = [];
  const server = {
    to: (to: string) => ({
      emit: (event: string, payload: unknown) => calls.push({ to, event, payload }),
      except: (except: string) => ({ emit: (event: string, payload: unknown) => calls.push({ to, except, event, payload }) }),
    }),
  };
  return { server: server as unknown as Server, calls };
}

describe('NoticeService', () => {
  it('does nothing without a socket server', () => {
    const notices = new NoticeService();
    expect(() => notices.toUser(1, { msgType: 'INFO', title: 't', msg: 'm' })).not.toThrow();
    expect(() => notices.toDept(2, { msgType: 'WARN', title: 't', msg: 'm' }, { permission: 'news:judge', exceptUserId: 1 })).not.toThrow();
  });

  it('emits `message` to the user, department and permission rooms, without unknown fields', () => {
    const { server, calls } = fakeServer();
    const notices = new NoticeService();
    notices.attach(server);
    notices.toUser(7, { msgType: 'INFO', title: 't', msg: 'm', type: 'share', newsId: '12', extra: 'x' } as never);
    notices.toDept(3, { msgType: 'WARN', title: 't', msg: 'm' });
    notices.toDept(3, { msgType: 'WARN', title: 't', msg: 'm', deptId: 3 }, { permission: 'news:judge', exceptUserId: 7 });
    expect(calls).toEqual([
      { to: 'user:7', event: 'message', payload: { msgType: 'INFO', title: 't', msg: 'm', type: 'share', newsId: '12' } },
      { to: 'dept:3', event: 'message', payload: { msgType: 'WARN', title: 't', msg: 'm' } },
      { to: 'dept:3:perm:news:judge', except: 'user:7', event: 'message', payload: { msgType: 'WARN', title: 't', msg: 'm', deptId: 3 } },
    ]);
  });

  it('never throws into the caller when the server fails', () => {
    const notices = new NoticeService();
    notices.attach({
      to: () => {
        throw new Error('adapter down');
      },
    } as unknown as Server);
    jest.spyOn(notices['logger'], 'error').mockImplementation(() => undefined);
    expect(() => notices.toUser(1, { msgType: 'ERROR', title: 't', msg: 'm' })).not.toThrow();
  });
});

describe('roomsOf', () => {
  type Who = { userId: number; deptId: number | null; isAdmin: boolean; permissions: string[] };
  const roomsOf = (who: Who) => rooms({ ...who, ability: defineAbility({ ...who, workDeptId: null, dataScope: [], deptChain: [] }, []) });
  const base = { userId: 5, deptId: 9, isAdmin: false, permissions: [] as string[] };
  it('joins the user, the department and the notice permissions held', () => {
    expect(roomsOf(base)).toEqual(['user:5', 'dept:9']);
    expect(roomsOf({ ...base, permissions: ['news:judge', 'user:list'] })).toEqual(['user:5', 'dept:9', 'dept:9:perm:news:judge']);
  });
  it('gives admins every notice permission', () => {
    expect(roomsOf({ ...base, isAdmin: true, permissions: ['admin'] })).toEqual([
      'user:5',
      'dept:9',
      'dept:9:perm:news:judge',
      'dept:9:perm:news:translate',
      'dept:9:perm:news:list',
    ]);
  });
  it('has only the user room without a department', () => {
    expect(roomsOf({ ...base, deptId: null, permissions: ['news:judge'] })).toEqual(['user:5']);
  });
});

describe('html helpers', () => {
  it('escapes interpolated values only', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(html`<b>${'<i>'}</b>${null}${3}`).toBe('<b>&lt;i&gt;</b>3');
  });
  it('clips long text with an ellipsis and collapses whitespace', () => {
    expect(clip('  a\n b  ', 10)).toBe('a b');
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip(null, 4)).toBe('');
  });
});
