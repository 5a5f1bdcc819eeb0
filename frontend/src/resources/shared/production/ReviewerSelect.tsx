// 审稿: a multi-select of reviewers from `GET api/users/selectUser` (the value is their ids), shared
// by the manuscript screens and the journal workbench; the texts come from the caller's catalogue.
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import type { SelectableUser } from './choices';

export interface ReviewerSelectTexts {
  label: string;
  placeholder: string;
  noOptions: string;
  loading: string;
}

export interface ReviewerSelectProps {
  users: readonly SelectableUser[] | undefined;
  loading?: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  texts: ReviewerSelectTexts;
}

export const reviewerName = (user: Pick<SelectableUser, 'nickName' | 'username'>): string => user.nickName || user.username;

/** Whether the user matches the search text (nickname, account or department). */
export function matchesUser(user: SelectableUser, text: string): boolean {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [user.nickName ?? '', user.username, user.dept?.name ?? ''].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function ReviewerSelect({ users, loading = false, value, onChange, onBlur, error, disabled = false, texts }: ReviewerSelectProps) {
  const options = users ?? [];
  const byId = new Map(options.map((u) => [u.id, u]));
  // ids not (yet) in the list stay chosen, shown by number
  const selected: SelectableUser[] = value.map((id) => byId.get(id) ?? { id, username: String(id), nickName: null });
  return (
    <Autocomplete<SelectableUser, true>
      multiple
      options={options}
      value={selected}
      onChange={(_event, next) => onChange(next.map((u) => u.id))}
      onBlur={onBlur}
      loading={loading}
      disabled={disabled}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={reviewerName}
      filterOptions={(list, state) => list.filter((u) => matchesUser(u, state.inputValue))}
      noOptionsText={texts.noOptions}
      loadingText={texts.loading}
      slotProps={{ chip: { size: 'small', color: 'primary', variant: 'outlined' }, listbox: { sx: { maxHeight: 260 } } }}
      renderOption={({ key, ...props }, user) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
            {reviewerName(user)}
          </Typography>
          <Typography variant="caption" component="span" color="text.secondary">
            {user.username}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {user.dept?.name ?? ''}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={texts.label}
          required
          size="small"
          placeholder={value.length ? undefined : texts.placeholder}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}
