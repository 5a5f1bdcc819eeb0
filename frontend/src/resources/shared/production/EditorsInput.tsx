// A multi-select of users (`GET api/users/selectUser`) inside a react-admin form; the value is the
// list of user ids. Used for a product's chief editors and a journal's responsible editors.
import { useMemo } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { type SelectableUser, useSelectableUsers } from './choices';

export interface EditorsInputProps {
  source: string;
  label: string;
  placeholder?: string;
  noOptionsText: string;
  loadingText: string;
  /** Names of the current editors (from the record) while the user list loads or when it misses them. */
  known?: ReadonlyArray<{ id: number; nickName?: string | null; username?: string | null }>;
  disabled?: boolean;
}

export const userName = (user: { nickName?: string | null; username?: string | null; id: number }): string =>
  user.nickName || user.username || String(user.id);

export function EditorsInput({ source, label, placeholder, noOptionsText, loadingText, known = [], disabled }: EditorsInputProps) {
  const { field } = useInput({ source });
  const users = useSelectableUsers();
  const ids: number[] = Array.isArray(field.value) ? field.value.map(Number) : [];

  const options = useMemo<SelectableUser[]>(() => {
    const list = users.data ?? [];
    // editors that are not offered any more (disabled users) stay visible as chosen values
    const missing = ids
      .filter((id) => !list.some((user) => user.id === id))
      .map((id) => {
        const user = known.find((candidate) => candidate.id === id);
        return { id, username: user?.username ?? String(id), nickName: user?.nickName ?? null, dept: null };
      });
    return [...list, ...missing];
  }, [users.data, ids, known]);
  const value = ids.map((id) => options.find((user) => user.id === id)).filter((user): user is SelectableUser => Boolean(user));

  return (
    <Autocomplete<SelectableUser, true>
      multiple
      size="small"
      options={options}
      value={value}
      disabled={disabled}
      loading={users.isPending}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={userName}
      noOptionsText={noOptionsText}
      loadingText={loadingText}
      onChange={(_event, next) => field.onChange(next.map((user) => user.id))}
      onBlur={field.onBlur}
      slotProps={{ chip: { size: 'small' } }}
      renderOption={({ key, ...props }, user) => (
        <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
          <Typography variant="body2" component="span" sx={{ flex: 1 }}>
            {userName(user)}
            <Typography variant="caption" component="span" color="text.secondary" sx={{ ml: 1 }}>
              {user.username}
            </Typography>
          </Typography>
          {user.dept?.name && (
            <Typography variant="caption" color="text.secondary">
              {user.dept.name}
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={value.length ? undefined : placeholder} margin="dense" helperText=" " />
      )}
    />
  );
}
