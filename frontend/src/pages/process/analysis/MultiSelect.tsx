import { Autocomplete, Box, Checkbox, TextField } from '@mui/material';

export interface Option<V> {
  value: V;
  label: string;
  /** Depth in a tree (classes): indents the option, not the chip. */
  depth?: number;
}

export interface MultiSelectProps<V> {
  label: string;
  options: ReadonlyArray<Option<V>>;
  value: V[];
  onChange: (value: V[]) => void;
  loading?: boolean;
  placeholder: string;
  loadingText: string;
  noOptionsText: string;
  testId?: string;
}

/** A searchable multi-select of the query bar: chips for the chosen values, a checkbox per option. */
export function MultiSelect<V extends string | number>({ label, options, value, onChange, loading, placeholder, loadingText, noOptionsText, testId }: MultiSelectProps<V>) {
  const chosen = value.map((v) => options.find((o) => o.value === v) ?? { value: v, label: String(v) });
  return (
    <Autocomplete
      multiple
      size="small"
      disableCloseOnSelect
      limitTags={2}
      options={options as Array<Option<V>>}
      value={chosen}
      loading={loading}
      loadingText={loadingText}
      noOptionsText={noOptionsText}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      onChange={(_e, next) => onChange(next.map((o) => o.value))}
      renderOption={({ key, ...props }, option, { selected }) => (
        <Box component="li" key={key} {...props} sx={{ pl: `${8 + (option.depth ?? 0) * 16}px !important` }}>
          <Checkbox size="small" checked={selected} sx={{ p: 0.25, mr: 0.75 }} />
          {option.label}
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} placeholder={value.length ? undefined : placeholder} />}
      data-testid={testId}
      sx={{ minWidth: 200, flex: '1 1 200px' }}
    />
  );
}
