// 审稿: reviewers chosen from `GET api/users/selectUser` (the value is their ids).
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { userName } from './format';
import type { SelectableUser } from './types';
import { useManuscriptText } from './useManuscriptText';

export interface ReviewerSelectProps {
  users: readonly SelectableUser[] | undefined;
  loading?: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}

/** Whether the user matches the search text (nickname, account or department). */
export function matchesUser(user: SelectableUser, text: string): boolean {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [user.nickName ?? '', user.username, user.dept?.name ?? ''].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function ReviewerSelect({ users, loading = false, value, onChange, error, disabled = false }: ReviewerSelectProps) {
  const t = useManuscriptText();
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
      loading={loading}
      disabled={disabled}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={userName}
      filterOptions={(list, state) => list.filter((u) => matchesUser(u, state.inputValue))}
      noOptionsText={t('form.no_users')}
      loadingText={t('common.loading')}
      slotProps={{ chip: { size: 'small', color: 'primary', variant: 'outlined' }, listbox: { sx: { maxHeight: 260 } } }}
      renderOption={({ key, ...props }, user) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
            {userName(user)}
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
          label={t('form.reviewer')}
          required
          size="small"
          placeholder={value.length ? undefined : t('form.reviewer_placeholder')}
          error={Boolean(error)}
          helperText={error ?? ' '}
        />
      )}
    />
  );
}
