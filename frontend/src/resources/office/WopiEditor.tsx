// A WOPI client (Collabora Online) inside the editor page (docs/office-design.md §3.2, §4.8): a
// hidden form POSTs the access token into the iframe (never in the URL), then the PostMessage
// protocol — only messages from the document server's origin count: the host answers
// `App_LoadingStatus` with `Host_PostmessageReady`, `UI_Close` closes the page, `Doc_ModifiedStatus`
// is the unsaved flag. Closing unloads the client (the frame goes to about:blank): Collabora saves and
// unlocks (PutFile, Unlock) only when its document leaves, which the page then waits for (§4.8).
import { Box } from '@mui/material';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { hostReadyMessage, originOf, wopiMessage } from './logic';
import type { AdapterHandle } from './OnlyofficeEditor';

export interface WopiEditorProps {
  actionUrl: string;
  accessToken: string;
  accessTokenTtl: number;
  title: string;
  /** `destroy()` unloads the WOPI client (the page calls it when closing). */
  onHandle?: (handle: AdapterHandle | null) => void;
  onDirty: (dirty: boolean) => void;
  onReady: () => void;
  onCloseRequest: () => void;
}

export default function WopiEditor({ actionUrl, accessToken, accessTokenTtl, title, onHandle, onDirty, onReady, onCloseRequest }: WopiEditorProps) {
  const frameName = `wopi-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const form = useRef<HTMLFormElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    form.current?.submit();
  }, [actionUrl, accessToken]);

  // A layout effect: the page holds the handle as soon as the frame is in the document, so a 关闭
  // clicked at once still unloads the client (a passive effect may run after that click).
  useLayoutEffect(() => {
    if (!onHandle) return undefined;
    onHandle({
      destroy: () => {
        const current = frame.current;
        if (current && current.getAttribute('src') !== 'about:blank') current.src = 'about:blank';
      },
    });
    return () => onHandle(null);
  }, [onHandle]);

  useEffect(() => {
    const origin = originOf(actionUrl);
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const message = wopiMessage(event, actionUrl);
      if (!message || !origin) return;
      switch (message.MessageId) {
        case 'App_LoadingStatus':
          frame.current?.contentWindow?.postMessage(hostReadyMessage(), origin);
          if (message.Values?.Status === 'Document_Loaded') onReady();
          break;
        case 'Doc_ModifiedStatus':
          onDirty(Boolean(message.Values?.Modified));
          break;
        case 'UI_Close':
          onCloseRequest();
          break;
        default:
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [actionUrl, onDirty, onReady, onCloseRequest]);

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
      <form ref={form} action={actionUrl} method="post" target={frameName} style={{ display: 'none' }} data-testid="wopi-form">
        <input type="hidden" name="access_token" value={accessToken} readOnly />
        <input type="hidden" name="access_token_ttl" value={String(accessTokenTtl)} readOnly />
      </form>
      <iframe ref={frame} name={frameName} title={title} style={{ flex: 1, border: 0 }} allow="clipboard-read; clipboard-write" />
    </Box>
  );
}
