// The manual-translation editor: TipTap (StarterKit) with a small toolbar; its content is HTML.
// Whatever is loaded into it is sanitised first (content.ts → DOMPurify). It reports whether it
// holds unsaved changes; the workbench reads and reloads it through `handleRef`.
import { type ReactNode, type Ref, type RefCallback, useEffect, useImperativeHandle, useRef } from 'react';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatQuote from '@mui/icons-material/FormatQuote';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import { Box, Divider, IconButton, Tooltip, Typography } from '@mui/material';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { horizon, line } from '../../../theme/theme';
import { readingSx } from '../NewsText';
import { isBlankHtml, toEditorHtml } from './content';

export interface RichTextHandle {
  /** The editor's HTML. */
  getHTML(): string;
  /** No text at all. */
  isEmpty(): boolean;
  /** `html` (what was sent; the current content when omitted) counts as saved. */
  markSaved(html?: string): void;
  /** Loads `content` (sanitised) whatever the editor holds: after a claim or a release. */
  load(content: string | null): void;
}

export interface RichTextLabels {
  toolbar: string;
  bold: string;
  italic: string;
  paragraph: string;
  h2: string;
  h3: string;
  bullet: string;
  ordered: string;
  quote: string;
  undo: string;
  redo: string;
  label: string;
}

export interface RichTextEditorProps {
  /** The stored translation (HTML or plain text, untrusted). */
  value: string | null;
  editable: boolean;
  placeholder: string;
  /** Shown in place of the text when read only and empty. */
  emptyText: string;
  /** A line above the text when read only (why it is). */
  readonlyNote?: ReactNode;
  labels: RichTextLabels;
  onDirtyChange?: (dirty: boolean) => void;
  handleRef?: Ref<RichTextHandle>;
  /** The scroll container of the text (synchronised scrolling). */
  scrollRef?: RefCallback<HTMLElement>;
  /** Height of the whole editor (toolbar + scrolled text). */
  height: number | string;
}

type Mark = 'bold' | 'italic' | 'paragraph' | 'h2' | 'h3' | 'bullet' | 'ordered' | 'quote';

const RUN: Record<Mark, (e: Editor) => void> = {
  bold: (e) => e.chain().focus().toggleBold().run(),
  italic: (e) => e.chain().focus().toggleItalic().run(),
  paragraph: (e) => e.chain().focus().setParagraph().run(),
  h2: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  h3: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  bullet: (e) => e.chain().focus().toggleBulletList().run(),
  ordered: (e) => e.chain().focus().toggleOrderedList().run(),
  quote: (e) => e.chain().focus().toggleBlockquote().run(),
};

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label} describeChild>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active === undefined ? undefined : active}
          disabled={disabled}
          // keep the selection in the editor
          onMouseDown={(e) => e.preventDefault()}
          onClick={onClick}
          sx={{ borderRadius: 1, color: active ? 'primary.main' : 'text.secondary', bgcolor: active ? horizon('brandLight') : undefined, width: 30, height: 30 }}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const textButton = (text: string) => (
  <Box component="span" sx={{ fontSize: 13, fontWeight: 700, lineHeight: 1 }}>
    {text}
  </Box>
);

export function RichTextEditor({ value, editable, placeholder, emptyText, readonlyNote, labels, onDirtyChange, handleRef, scrollRef, height }: RichTextEditorProps) {
  /** The raw value last loaded, and the editor's HTML that counts as saved. */
  const loaded = useRef<string | null | undefined>(undefined);
  const baseline = useRef('');
  const dirtyRef = useRef(false);
  const onDirty = useRef(onDirtyChange);
  useEffect(() => {
    onDirty.current = onDirtyChange;
  }, [onDirtyChange]);

  const setDirty = (dirty: boolean) => {
    if (dirtyRef.current === dirty) return;
    dirtyRef.current = dirty;
    onDirty.current?.(dirty);
  };

  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false }, codeBlock: false, code: false })],
    content: '',
    editable,
    editorProps: {
      attributes: {
        'data-testid': 'trans-editor',
        'aria-label': labels.label,
        'aria-multiline': 'true',
        role: 'textbox',
        lang: 'zh-CN',
        class: 'trans-editor',
      },
    },
    onUpdate: ({ editor: e }) => setDirty(e.getHTML() !== baseline.current),
  });

  const load = (content: string | null) => {
    if (!editor) return;
    editor.commands.setContent(toEditorHtml(content), { emitUpdate: false });
    loaded.current = content;
    baseline.current = editor.getHTML();
    setDirty(false);
  };

  useImperativeHandle(
    handleRef,
    () => ({
      getHTML: () => editor?.getHTML() ?? '',
      isEmpty: () => !editor || editor.isEmpty || isBlankHtml(editor.getHTML()),
      markSaved: (html?: string) => {
        if (!editor) return;
        const current = editor.getHTML();
        baseline.current = html ?? current;
        setDirty(current !== baseline.current);
      },
      load,
    }),
    [editor],
  );

  useEffect(() => {
    editor?.setEditable(editable, false);
  }, [editor, editable]);

  // A new stored value: load it, unless the editor holds unsaved text (a refetch — even one that
  // finds the claim released elsewhere — must not wipe it; claiming or releasing over it asks first
  // and then calls `load`). The answer of a save is the editor's own HTML: that only marks it saved.
  useEffect(() => {
    if (!editor || value === loaded.current) return;
    const current = editor.getHTML();
    if (value !== null && value === current) {
      loaded.current = value;
      baseline.current = current;
      setDirty(false);
      return;
    }
    if (dirtyRef.current) return;
    load(value);
  }, [editor, value]);

  const ui = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            paragraph: e.isActive('paragraph'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
            empty: e.isEmpty,
          }
        : null,
  });

  const off = !editable || !editor;
  const mark = (m: Mark, icon: ReactNode) => (
    <ToolButton key={m} label={labels[m]} active={!!ui?.[m]} disabled={off} onClick={() => editor && RUN[m](editor)}>
      {icon}
    </ToolButton>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height, minHeight: 0 }}>
      <Box
        role="toolbar"
        aria-label={labels.toolbar}
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.25, px: 1, py: 0.5, borderBottom: line(), bgcolor: horizon('fillLighter') }}
      >
        {mark('bold', <FormatBold fontSize="small" />)}
        {mark('italic', <FormatItalic fontSize="small" />)}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {mark('paragraph', textButton('P'))}
        {mark('h2', textButton('H2'))}
        {mark('h3', textButton('H3'))}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        {mark('bullet', <FormatListBulleted fontSize="small" />)}
        {mark('ordered', <FormatListNumbered fontSize="small" />)}
        {mark('quote', <FormatQuote fontSize="small" />)}
        <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
        <ToolButton label={labels.undo} disabled={off || !ui?.canUndo} onClick={() => editor?.chain().focus().undo().run()}>
          <Undo fontSize="small" />
        </ToolButton>
        <ToolButton label={labels.redo} disabled={off || !ui?.canRedo} onClick={() => editor?.chain().focus().redo().run()}>
          <Redo fontSize="small" />
        </ToolButton>
      </Box>
      <Box ref={scrollRef} sx={{ flex: 1, minHeight: 0, overflow: 'auto', position: 'relative', px: { xs: 2, md: 3 }, py: 2 }}>
        {!editable && readonlyNote && (
          <Typography variant="caption" component="div" color="text.secondary" sx={{ mb: 1.5 }}>
            {readonlyNote}
          </Typography>
        )}
        <Box sx={{ position: 'relative' }}>
          {ui?.empty && (
            <Typography
              aria-hidden
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, pointerEvents: 'none', color: horizon('textPlaceholder'), fontSize: 15, lineHeight: 1.9 }}
            >
              {editable ? placeholder : emptyText}
            </Typography>
          )}
          <Box
            data-sync-root
            sx={[
              ...(Array.isArray(readingSx) ? readingSx : [readingSx]),
              {
                '& .ProseMirror': { outline: 'none', minHeight: 240, whiteSpace: 'pre-wrap' },
                '& .ProseMirror[contenteditable="false"]': { color: 'text.primary' },
              },
            ]}
          >
            <EditorContent editor={editor} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
