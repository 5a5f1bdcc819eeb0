// The login form's password, with its show/hide toggle.
import { useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslate } from 'react-admin';

export interface PasswordFieldProps {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string;
  autoFocus: boolean;
  disabled: boolean;
}

export function PasswordField({ value, onChange, error, autoFocus, disabled }: PasswordFieldProps) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={translate('app.login.password')}
      name="password"
      type={shown ? 'text' : 'password'}
      autoComplete="current-password"
      autoFocus={autoFocus}
      value={value}
      onChange={onChange}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      slotProps={{
        input: {
          startAdornment: <InputAdornment position="start"><LockOutlined fontSize="small" /></InputAdornment>,
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                onClick={() => setShown((s) => !s)}
                aria-label={translate(shown ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden')}
              >
                {shown ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
