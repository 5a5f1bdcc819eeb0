import { type KeyboardEvent, useState } from 'react';
import { Box, Button, InputBase } from '@mui/material';
import { addTag, commitTag, editTag, MAX_KEYWORD_LENGTH, MAX_KEYWORDS, removeTag, tagInputWidth } from './tags';
import { TagChip } from './TagChip';
import { useDialogText } from './useDialogText';

/** The tag being edited: its index, the text typed so far, and what to go back to on Esc. */
export interface TagEdit {
  index: number;
  draft: string;
  /** The tag before the edit; `null` for a tag just added with `+ 新增`. */
  original: string | null;
}

export interface KeywordTagsProps {
  tags: string[];
  editing: TagEdit | null;
  onChange: (tags: string[], editing: TagEdit | null) => void;
  disabled?: boolean;
}

/** The tags with the pending edit applied (what 确认 saves before normalising). */
export function withPendingEdit(tags: readonly string[], editing: TagEdit | null): string[] {
  return editing ? editTag(tags, editing.index, editing.draft) : [...tags];
}

/**
 * Keyword tags: double-click a tag to edit it in place, × deletes it, `+ 新增` adds an input.
 * Enter or leaving the input keeps the text (an empty or repeated one disappears), Esc cancels.
 */
export function KeywordTags({ tags, editing, onChange, disabled = false }: KeywordTagsProps) {
  const t = useDialogText();
  const [composing, setComposing] = useState(false);

  const commit = () => {
    if (!editing) return;
    onChange(commitTag(tags, editing.index, editing.draft), null);
  };
  const cancel = () => {
    if (!editing) return;
    onChange(editing.original === null ? removeTag(tags, editing.index) : editTag(tags, editing.index, editing.original), null);
  };
  const startEdit = (index: number) => {
    const base = editing ? commitTag(tags, editing.index, editing.draft) : tags;
    // committing the other edit may have removed a tag before this one
    const shift = editing && base.length < tags.length && editing.index < index ? 1 : 0;
    onChange(base, { index: index - shift, draft: base[index - shift], original: base[index - shift] });
  };
  const add = () => {
    const base = editing ? commitTag(tags, editing.index, editing.draft) : tags;
    const next = addTag(base);
    onChange(next.tags, { index: next.index, draft: '', original: null });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (composing) return; // an IME candidate is being chosen
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation(); // not the dialog's Esc
      cancel();
    }
  };

  const full = tags.length >= MAX_KEYWORDS;
  return (
    <Box role="group" aria-label={t('tags.keywords')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', minHeight: 30 }}>
      {tags.length === 0 && !editing && (
        <Box component="span" sx={{ color: 'text.disabled', fontSize: 13, mr: 0.5 }}>
          {t('tags.no_keywords')}
        </Box>
      )}
      {tags.map((tag, index) =>
        editing?.index === index ? (
          <InputBase
            key={`edit-${index}`}
            autoFocus
            value={editing.draft}
            onChange={(event) => onChange(tags, { ...editing, draft: event.target.value })}
            onBlur={commit}
            onKeyDown={onKeyDown}
            onCompositionStart={() => setComposing(true)}
            onCompositionEnd={() => setComposing(false)}
            disabled={disabled}
            placeholder={t('tags.keyword_input')}
            inputProps={{ maxLength: MAX_KEYWORD_LENGTH, 'aria-label': t('tags.keyword_input') }}
            sx={{
              width: tagInputWidth(editing.draft),
              maxWidth: '100%',
              height: 26,
              px: 1,
              fontSize: 12,
              border: 1,
              borderColor: 'primary.main',
              borderRadius: 1,
              transition: 'width 120ms',
              '& input': { p: 0 },
            }}
          />
        ) : (
          <TagChip
            key={`tag-${index}-${tag}`}
            title={t('tags.keywords_hint')}
            disabled={disabled}
            onDoubleClick={() => startEdit(index)}
            removeLabel={`${t('tags.delete_keyword')} ${tag}`}
            onRemove={() => onChange(removeTag(tags, index), editing && editing.index > index ? { ...editing, index: editing.index - 1 } : editing)}
          >
            {tag}
          </TagChip>
        ),
      )}
      <Button
        size="small"
        variant="outlined"
        onClick={add}
        // keep the focus (and so the pending edit) until the click has added the new input
        onMouseDown={(event) => event.preventDefault()}
        disabled={disabled || full || (editing?.original === null && editing.draft.trim() === '')}
        title={full ? t('tags.max_keywords', { max: MAX_KEYWORDS }) : undefined}
        sx={{ height: 26, minWidth: 0, px: 1.25, fontSize: 12, borderStyle: 'dashed', color: 'text.secondary', borderColor: 'divider' }}
      >
        {t('tags.add')}
      </Button>
    </Box>
  );
}
