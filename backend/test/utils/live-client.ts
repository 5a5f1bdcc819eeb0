import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import type { Notice } from '../../src/modules/realtime/notice.service';

/** socket.io clients of the live channel for the e2e tests. */
export const WAIT_MS = 5000;

export async function listen(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
}

/** A client as the SPA opens it (no automatic reconnection here: each test says what it expects). */
export function client(url: string, opts: { token?: string; header?: string } = {}): Socket {
  return io(url, {
    path: '/webSocket',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: opts.token === undefined ? {} : { token: opts.token },
    extraHeaders: opts.header ? { Authorization: opts.header } : undefined,
  });
}

export interface Live {
  socket: Socket;
  inbox: Notice[];
}

/** Connects and collects every `message`; rejects with the refusal when the server says no. */
export function connect(url: string, opts: { token?: string; header?: string }): Promise<Live> {
  const socket = client(url, opts);
  const inbox: Notice[] = [];
  socket.on('message', (n: Notice) => inbox.push(n));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, inbox }));
    socket.once('connect_error', (e) => {
      socket.close();
      reject(e);
    });
  });
}

/** The `connect_error` of a refused handshake (fails if the socket connects). */
export function refusal(url: string, opts: { token?: string; header?: string }): Promise<Error & { data?: unknown }> {
  const socket = client(url, opts);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.close();
      reject(new Error('connected although it should have been refused'));
    });
    socket.once('connect_error', (e) => {
      socket.close();
      resolve(e);
    });
  });
}

export async function waitFor(inbox: Notice[], match: (n: Notice) => boolean, what: string): Promise<Notice> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const hit = inbox.find(match);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no message ${what}; got ${JSON.stringify(inbox)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

