// ONLYOFFICE Docs inside the editor page (docs/office-design.md §2, §4.8): loads the document
// server's api.js (`onlyoffice.apiJs`, allowed by the editor CSP), opens `DocsAPI.DocEditor` with the
// signed config of the session, reports the unsaved flag, destroys the editor on close, and feeds the
// editor's version history (§2.3: `onRequestHistory` → `api/office/onlyoffice/history`,
// `onRequestHistoryData` → `historyData`, signed by the server).
import { Box } from '@mui/material';
import { useEffect, useId } from 'react';
import { officeApi } from './api';

interface DocEditor {
  destroyEditor(): void;
  refreshHistory(data: Record<string, unknown>): void;
  setHistoryData(data: Record<string, unknown>): void;
}
interface DocsApi {
  DocEditor: new (placeholderId: string, config: Record<string, unknown>) => DocEditor;
}

export interface AdapterHandle {
  /** Leaves the document server's editor (it saves once the last editor has left). */
  destroy(): void;
}

const scripts = new Map<string, Promise<void>>();

/** Adds `<script src>` once per URL; resolves when it ran. */
export function loadScript(src: string, doc: Document = document): Promise<void> {
  let loading = scripts.get(src);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(src));
      };
      doc.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

export interface OnlyofficeEditorProps {
  apiJs: string;
  sessionId: string;
  config: Record<string, unknown>;
  onHandle: (handle: AdapterHandle | null) => void;
  onDirty: (dirty: boolean) => void;
  onReady: () => void;
  onError: (message: string) => void;
}

export default function OnlyofficeEditor({ apiJs, sessionId, config, onHandle, onDirty, onReady, onError }: OnlyofficeEditorProps) {
  const placeholder = `onlyoffice-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  useEffect(() => {
    let editor: DocEditor | null = null;
    let cancelled = false;
    const destroy = () => {
      editor?.destroyEditor();
      editor = null;
    };
    loadScript(apiJs)
      .then(() => {
        const api = (window as unknown as { DocsAPI?: DocsApi }).DocsAPI;
        if (cancelled) return;
        if (!api) throw new Error('DocsAPI');
        const events = {
          ...(config.events as Record<string, unknown> | undefined),
          onAppReady: () => onReady(),
          onDocumentStateChange: (event: { data: boolean }) => onDirty(Boolean(event.data)),
          onError: (event: { data?: { errorDescription?: string } }) => onError(event.data?.errorDescription ?? 'ONLYOFFICE'),
          onRequestHistory: () => {
            officeApi
              .onlyofficeHistory(sessionId)
              .then((data) => editor?.refreshHistory(data))
              .catch((error: unknown) => editor?.refreshHistory({ error: error instanceof Error ? error.message : String(error) }));
          },
          onRequestHistoryData: (event: { data: number }) => {
            officeApi
              .onlyofficeHistoryData(sessionId, event.data)
              .then((data) => editor?.setHistoryData(data))
              .catch((error: unknown) => editor?.setHistoryData({ version: event.data, error: error instanceof Error ? error.message : String(error) }));
          },
          // Leaving the history view shows the document again (the editor keeps its state).
          onRequestHistoryClose: () => undefined,
        };
        editor = new api.DocEditor(placeholder, { ...config, events });
        onHandle({ destroy });
      })
      .catch((error: unknown) => {
        if (!cancelled) onError(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      destroy();
      onHandle(null);
    };
  }, [apiJs, sessionId, config, placeholder, onHandle, onDirty, onReady, onError]);
  return (
    <Box sx={{ flex: 1, minHeight: 0, '& iframe': { border: 0 } }}>
      <div id={placeholder} />
    </Box>
  );
}
