import { type ChangeEvent, useRef, useState } from 'react';
import { Avatar, Box, ButtonBase, CircularProgress, Typography } from '@mui/material';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { avatarUrl, type AuthUser } from '../../providers/authProvider';
import type { HorizonDataProvider } from '../../providers/dataProvider';
import { horizon } from '../../theme/theme';
import { AVATAR_TYPES, avatarProblem } from './avatar';
import { errorMessage } from './errorMessage';

/** Click the avatar to replace it (`POST api/users/updateAvatar`, multipart field `avatar`). */
export function AvatarUpload({ user, onUploaded }: { user: AuthUser; onUploaded: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<HorizonDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) {
      notify(problem, { type: 'error' });
      return;
    }
    const body = new FormData();
    body.append('avatar', file);
    setUploading(true);
    try {
      await dataProvider.call('api/users/updateAvatar', { method: 'POST', body });
      notify('app.center.avatar_saved', { type: 'success' });
      onUploaded();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setUploading(false);
    }
  };

  return (
    <ButtonBase
      onClick={() => input.current?.click()}
      disabled={uploading}
      aria-label={translate('app.center.avatar_change')}
      sx={{ borderRadius: '50%', position: 'relative', overflow: 'hidden', '&:hover .overlay': { opacity: 1 } }}
    >
      <Avatar src={avatarUrl(user.avatarName)} alt={user.nickName ?? user.username} sx={{ width: 110, height: 110, fontSize: 40 }}>
        {(user.nickName ?? user.username).slice(0, 1)}
      </Avatar>
      <Box
        className="overlay"
        sx={{
          position: 'absolute',
          inset: 0,
          bgcolor: horizon('overlay'),
          color: 'common.white',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          opacity: uploading ? 1 : 0,
          transition: 'opacity .2s',
        }}
      >
        {uploading ? <CircularProgress size={28} color="inherit" /> : <PhotoCameraOutlined />}
        <Typography variant="caption">{translate('app.center.avatar_change')}</Typography>
      </Box>
      <input ref={input} type="file" hidden accept={AVATAR_TYPES.join(',')} onChange={(event) => void upload(event)} />
    </ButtonBase>
  );
}
