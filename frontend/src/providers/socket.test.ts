// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { clearToken, setToken } from './http';
import * as live from './socket';

type Handler = (...args: unknown[]) => void;

/** A socket.io-client Socket double: records listeners, connect and disconnect calls. */
class FakeSocket {
  handlers = new Map<string, Handler[]>();
  active = true;
  connect = vi.fn(() => {
    this.active = true;
  });
  disconnect = vi.fn(() => {
    this.active = false;
  });
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off() {
    this.handlers.clear();
    return this;
  }
  receive(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
}

const created: Array<{ url: string; options: Record<string, unknown>; socket: FakeSocket }> = [];

vi.mock('socket.io-client', () => ({
  io: vi.fn((url: string, options: Record<string, unknown>) => {
    const socket = new FakeSocket();
    created.push({ url, options, socket });
    return socket;
  }),
}));

const message = { msgType: 'WARN', title: '新闻预警', msg: '张编辑 将新闻《x》标记为预警', type: 'news.warned', newsId: '12', deptId: 3 } as const;

describe('live channel connection', () => {
  beforeEach(() => {
    created.length = 0;
    clearToken();
  });
  afterEach(() => {
    live.disconnectLive();
    clearToken();
  });

  it('connects to /webSocket on the API origin with the spec retry policy', () => {
    setToken('tok-1', false);
    live.connectLive();
    expect(created).toHaveLength(1);
    const { url, options } = created[0];
    expect(url).toBe(window.location.origin);
    expect(options).toMatchObject({
      path: '/webSocket',
      forceNew: true,
      reconnection: true,
      reconnectionAttempts: 3,
      reconnectionDelay: 5000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0,
      timeout: 30000,
    });
  });

  it('sends the current session token in the handshake, never in the URL', () => {
    setToken('tok-1', false);
    live.connectLive();
    const { url, options } = created[0];
    expect(url).not.toContain('tok-1');
    const auth = options.auth as (cb: (data: object) => void) => void;
    const seen: object[] = [];
    auth((data) => seen.push(data));
    setToken('tok-1b', false); // read again at each reconnection
    auth((data) => seen.push(data));
    expect(seen).toEqual([{ token: 'tok-1' }, { token: 'tok-1b' }]);
  });

  it('does not connect without a token', () => {
    expect(live.connectLive()).toBeUndefined();
    expect(created).toHaveLength(0);
  });

  it('keeps one connection per token and replaces it after another login', () => {
    setToken('tok-1', false);
    const first = live.connectLive();
    expect(live.connectLive()).toBe(first);
    expect(created).toHaveLength(1);
    setToken('tok-2', false);
    live.connectLive();
    expect(created).toHaveLength(2);
    expect(created[0].socket.disconnect).toHaveBeenCalled();
    expect(live.liveSocket()).toBe(created[1].socket);
  });

  it('reopens a connection the server closed when asked again', () => {
    setToken('tok-1', false);
    live.connectLive();
    created[0].socket.active = false; // e.g. refused or dropped by the server
    live.connectLive();
    expect(created[0].socket.connect).toHaveBeenCalledTimes(1);
    expect(created).toHaveLength(1);
  });

  it('disconnects when the last logged-in screen releases it, not between two shells', () => {
    vi.useFakeTimers();
    try {
      setToken('tok-1', false);
      const releaseAdmin = live.acquireLive();
      const socket = created[0].socket;
      // moving from one shell to the other: release then acquire in the same commit
      releaseAdmin();
      const releaseProcess = live.acquireLive();
      vi.runAllTimers();
      expect(socket.disconnect).not.toHaveBeenCalled();
      expect(created).toHaveLength(1);
      // logout: the login page has no shell
      releaseProcess();
      releaseProcess(); // a second call is harmless
      vi.runAllTimers();
      expect(socket.disconnect).toHaveBeenCalledTimes(1);
      expect(live.liveSocket()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('disconnectLive closes the connection and stops listening', () => {
    setToken('tok-1', false);
    live.connectLive();
    const listener = vi.fn();
    const unsubscribe = live.subscribeLive(listener);
    const socket = created[0].socket;
    live.disconnectLive();
    expect(socket.disconnect).toHaveBeenCalled();
    socket.receive('message', message);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('derives the endpoint from an API base with a path prefix', () => {
    expect(live.liveEndpoint('https://api.example.com/backend/')).toEqual({ url: 'https://api.example.com', path: '/backend/webSocket' });
    expect(live.liveEndpoint('/')).toEqual({ url: window.location.origin, path: '/webSocket' });
  });
});

describe('live bus', () => {
  afterEach(() => {
    live.disconnectLive();
    clearToken();
  });

  it('broadcasts every received message to every subscriber until it unsubscribes', () => {
    setToken('tok-1', false);
    live.connectLive();
    const socket = created[created.length - 1].socket;
    const a = vi.fn();
    const b = vi.fn();
    const offA = live.subscribeLive(a);
    const offB = live.subscribeLive(b);
    socket.receive('message', message);
    expect(a).toHaveBeenCalledWith(message);
    expect(b).toHaveBeenCalledWith(message);
    offA();
    socket.receive('message', { ...message, title: 'second' });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    offB();
  });

  it('ignores payloads that are not messages', () => {
    setToken('tok-1', false);
    live.connectLive();
    const socket = created[created.length - 1].socket;
    const listener = vi.fn();
    const off = live.subscribeLive(listener);
    for (const bad of [null, 'text', { msgType: 'DEBUG', title: 't', msg: 'm' }, { msgType: 'INFO', title: 1, msg: 'm' }, { msgType: 'INFO', title: 't' }]) {
      socket.receive('message', bad);
    }
    expect(listener).not.toHaveBeenCalled();
    off();
  });

  it('keeps delivering when one listener throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    const offBad = live.subscribeLive(() => {
      throw new Error('boom');
    });
    const offGood = live.subscribeLive(good);
    live.broadcastLive(message);
    expect(good).toHaveBeenCalledWith(message);
    expect(error).toHaveBeenCalled();
    offBad();
    offGood();
    error.mockRestore();
  });

  it('useLiveMessages calls the latest listener while mounted', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ listener }) => live.useLiveMessages(listener), { initialProps: { listener: first } });
    act(() => live.broadcastLive(message));
    rerender({ listener: second });
    act(() => live.broadcastLive(message));
    unmount();
    act(() => live.broadcastLive(message));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
