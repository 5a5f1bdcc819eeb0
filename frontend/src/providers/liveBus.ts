// The in-app bus of the live channel: every pushed message is handed to the subscribers here.
// Kept apart from the connection (socket.ts) so lists can subscribe without loading socket.io.
import { useEffect, useRef } from 'react';

export type LiveMsgType = 'INFO' | 'WARN' | 'ERROR';
export type LiveNoticeType = 'share' | 'translation.submitted' | 'translation.reviewed' | 'news.warned';

/** One pushed message (socket.io event `message`). `msg` is HTML: render it sanitised only. */
export interface LiveMessage {
  msgType: LiveMsgType;
  title: string;
  msg: string;
  type?: LiveNoticeType;
  newsId?: string;
  deptId?: number;
}

export type LiveListener = (message: LiveMessage) => void;

const MSG_TYPES: readonly string[] = ['INFO', 'WARN', 'ERROR'];

const listeners = new Set<LiveListener>();

/** Calls `listener` with every message received; returns the unsubscribe function. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Hands a message to every subscriber (one failing listener does not stop the others). */
export function broadcastLive(message: LiveMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (error) {
      console.error('live channel listener failed', error);
    }
  }
}

/** `subscribeLive` for components: the latest `listener` is called, subscribed while mounted. */
export function useLiveMessages(listener: LiveListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  }, [listener]);
  useEffect(() => subscribeLive((message) => latest.current(message)), []);
}

export function isLiveMessage(value: unknown): value is LiveMessage {
  const m = value as Partial<LiveMessage> | null;
  return !!m && typeof m === 'object' && MSG_TYPES.includes(m.msgType as string) && typeof m.title === 'string' && typeof m.msg === 'string';
}
