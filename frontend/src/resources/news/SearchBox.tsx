import { createContext, type HTMLAttributes, useContext, useEffect, useState } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined';
import HistoryIcon from '@mui/icons-material/History';
import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, Box, Button, IconButton, InputAdornment, Paper, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { horizon, line } from '../../theme/theme';
import { useApiErrorHandler, useNotifyText } from '../shared/hooks';
import { newsApi, newsKeys, type SearchHistoryItem } from './api';
import { MAX_CONTENT } from './listState';
import { useNewsT } from './text';

export interface SearchBoxProps {
  /** The search in force (from the route). */
  value: string;
  onSearch: (content: string) => void;
}

interface HistoryActions {
  clearAll: () => void;
  title: string;
  clearLabel: string;
}

const HistoryContext = createContext<HistoryActions | null>(null);

/** The dropdown of the search history: a header with 清空历史 above the entries. */
function HistoryPaper({ children, ...props }: HTMLAttributes<HTMLElement>) {
  const actions = useContext(HistoryContext);
  return (
    <Paper {...props}>
      {actions && (
        <Box
          onMouseDown={(e) => e.preventDefault()}
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1.5, pt: 1, pb: 0.5, borderBottom: line('fillDark') }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <HistoryIcon sx={{ fontSize: 15 }} />
            {actions.title}
          </Typography>
          <Button size="small" color="inherit" startIcon={<DeleteSweepOutlined fontSize="small" />} onClick={actions.clearAll} sx={{ color: 'text.secondary', fontSize: 12 }}>
            {actions.clearLabel}
          </Button>
        </Box>
      )}
      {children}
    </Paper>
  );
}

/**
 * The news search: `content` of the list, with the user's search history (latest 20, kept by the
 * server) in a dropdown; each entry can be deleted, or all of them. A search is saved to the history.
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const t = useNewsT();
  const queryClient = useQueryClient();
  const notifyText = useNotifyText();
  const onError = useApiErrorHandler();
  const [input, setInput] = useState(value);
  const [open, setOpen] = useState(false);
  useEffect(() => setInput(value), [value]);

  const history = useQuery({ queryKey: newsKeys.history, queryFn: newsApi.searchHistory, staleTime: 60_000 });
  const entries: SearchHistoryItem[] = Array.isArray(history.data) ? history.data : [];

  const refreshHistory = () => void queryClient.invalidateQueries({ queryKey: newsKeys.history });

  const submit = (raw: string) => {
    const content = raw.trim().slice(0, MAX_CONTENT);
    setInput(content);
    setOpen(false);
    onSearch(content);
    if (content) newsApi.saveSearchHistory(content).then(refreshHistory, () => undefined);
  };

  const remove = (id?: number) => {
    // Optimistic: the entry (or all) leaves the dropdown at once.
    queryClient.setQueryData<SearchHistoryItem[]>(newsKeys.history, (old) => (id === undefined ? [] : (old ?? []).filter((e) => e.id !== id)));
    newsApi.deleteSearchHistory(id).then(
      () => {
        if (id === undefined) notifyText(t('search.history_cleared'));
        refreshHistory();
      },
      (error) => {
        onError(error);
        refreshHistory();
      },
    );
  };

  return (
    <HistoryContext.Provider value={entries.length ? { clearAll: () => remove(), title: t('search.history'), clearLabel: t('search.clear_history') } : null}>
      <Box
        component="form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          submit(input);
        }}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', maxWidth: 560 }}
      >
        <Autocomplete<SearchHistoryItem, false, false, true>
          freeSolo
          size="small"
          value={null}
          open={open && entries.length > 0}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          options={entries}
          filterOptions={(options, { inputValue }) => {
            const word = inputValue.trim().toLowerCase();
            return word && word !== value.toLowerCase() ? options.filter((o) => o.content.toLowerCase().includes(word)) : options;
          }}
          getOptionLabel={(option) => (typeof option === 'string' ? option : option.content)}
          getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
          inputValue={input}
          onInputChange={(_e, next, reason) => {
            if (reason !== 'reset') setInput(next);
          }}
          onChange={(_e, next) => {
            if (next && typeof next !== 'string') submit(next.content);
          }}
          slots={{ paper: HistoryPaper }}
          sx={{ flex: 1, minWidth: 0 }}
          renderOption={({ key, ...props }, option) => (
            <Box component="li" key={key} {...props} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13 }}>
              <HistoryIcon sx={{ fontSize: 16, color: horizon('textPlaceholder') }} />
              <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {option.content}
              </Box>
              <Tooltip title={t('search.delete_one')}>
                <IconButton
                  size="small"
                  aria-label={`${t('search.delete_one')}：${option.content}`}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={(e) => {
                    e.stopPropagation();
                    remove(option.id);
                  }}
                  sx={{ p: 0.25 }}
                >
                  <CloseIcon sx={{ fontSize: 15 }} />
                </IconButton>
              </Tooltip>
            </Box>
          )}
          renderInput={(params) => (
            <TextField
              id={params.id}
              disabled={params.disabled}
              fullWidth
              size="small"
              margin="none"
              placeholder={t('search.placeholder')}
              slotProps={{
                htmlInput: { ...params.inputProps, 'aria-label': t('search.button'), maxLength: MAX_CONTENT, enterKeyHint: 'search' },
                input: {
                  ...params.InputProps,
                  startAdornment: (
                    <InputAdornment position="start" sx={{ ml: 0.5 }}>
                      <SearchIcon fontSize="small" sx={{ color: horizon('textPlaceholder') }} />
                    </InputAdornment>
                  ),
                  endAdornment: (
                    <>
                      {(input || value) && (
                        <IconButton
                          size="small"
                          aria-label={t('search.clear')}
                          onClick={() => {
                            setInput('');
                            if (value) onSearch('');
                          }}
                          sx={{ p: 0.25, mr: 0.5 }}
                        >
                          <CloseIcon sx={{ fontSize: 16 }} />
                        </IconButton>
                      )}
                    </>
                  ),
                },
              }}
            />
          )}
        />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0, height: 36 }}>
          {t('search.button')}
        </Button>
      </Box>
    </HistoryContext.Provider>
  );
}
