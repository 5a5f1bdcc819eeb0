// The built-in .docx editor (docs/office-design.md §1.5): `@docx-editor.dev/react` 2.35.0 with its
// Chinese chrome. Loaded as its own chunk (OfficePage imports it lazily): ~1.7 MB gzip with the
// HarfBuzz WASM, only for the editor window, which has the editor CSP ('wasm-unsafe-eval', §4.7).
import '@docx-editor.dev/core/styles/editor.css';
import { DocxEditor, type DocxEditorRef, useEditorState } from '@docx-editor.dev/react';
import zhCN from '@docx-editor.dev/i18n/zh-CN';
import { useEffect, useRef } from 'react';

/** What the page needs of the editor: its bytes. */
export interface BuiltinHandle {
  save(): Promise<ArrayBuffer | null>;
}

export interface BuiltinStatus {
  /** The document is open and painted (pages take input). */
  ready: boolean;
  /** Why the editor refused the file (its own dialog explains it too). */
  failure: string | null;
}

export interface BuiltinEditorProps {
  bytes: Uint8Array;
  mode: 'edit' | 'view';
  title: string;
  author?: string;
  onHandle: (handle: BuiltinHandle | null) => void;
  /** The editor's change event: `source` absent = a user edit; `revision` monotonic. */
  onChange: (change: { source?: string; revision: number }) => void;
  /** Ctrl+S and File › Save. */
  onSave: () => void;
  onStatus: (status: BuiltinStatus) => void;
}

/** Reports the editor's open state to the page (rendered inside the editor, where its hooks work). */
function StatusProbe({ onStatus }: { onStatus: (status: BuiltinStatus) => void }) {
  const ready = useEditorState((s) => !s.isLoading && !s.isOpening && !s.parseError && !s.openFailure);
  const failure = useEditorState((s) => s.openFailure?.code ?? s.parseError ?? null);
  useEffect(() => onStatus({ ready, failure }), [ready, failure, onStatus]);
  return null;
}

const MENU = { reportIssue: false } as const;

export default function BuiltinEditor({ bytes, mode, title, author, onHandle, onChange, onSave, onStatus }: BuiltinEditorProps) {
  const ref = useRef<DocxEditorRef>(null);
  useEffect(() => {
    onHandle({ save: () => ref.current?.save() ?? Promise.resolve(null) });
    return () => onHandle(null);
  }, [onHandle]);
  return (
    <DocxEditor
      ref={ref}
      document={bytes}
      mode={mode}
      i18n={zhCN}
      locale="zh-CN"
      title={title}
      author={author}
      onChange={onChange}
      onSave={onSave}
      // File › Open would load another file into this session: the page opens one version only
      onOpen={() => undefined}
      menu={MENU}
    >
      <StatusProbe onStatus={onStatus} />
    </DocxEditor>
  );
}
