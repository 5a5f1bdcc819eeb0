import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import { Box, LinearProgress, Typography } from '@mui/material';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { uploadFile } from './api';
import { MSG_UPLOADED } from './rules';

export interface WordUploadBoxProps<T> {
  /** Upload endpoint, e.g. `api/localStorage/template` or `api/manuscript/uploadManu`. */
  path: string;
  /** Text fields sent with the file. */
  fields?: Record<string, string | number | undefined | null>;
  onUploaded: (result: T) => void;
  disabled?: boolean;
  /** Accessible name of the box (default 上传文件). */
  label?: string;
}

/**
 * The .doc/.docx upload area of the production screens (spec production-admin §5): one file, picked
 * or dropped, sent at once; the size and type rules are checked before sending (the server checks
 * the content again). Failures show the server's message for 2.5 s (spec §8).
 */
export function WordUploadBox<T>({ path, fields, onUploaded, disabled, label = '上传文件' }: WordUploadBoxProps<T>) {
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = progress !== null;

  const send = async (file: File | undefined) => {
    if (!file || busy || disabled) return;
    setProgress(0);
    try {
      const result = await uploadFile<T>(path, file, fields, { onProgress: setProgress });
      notify(MSG_UPLOADED, { type: 'success', autoHideDuration: 2500 });
      onUploaded(result);
    } catch (error) {
      notify((error as Error).message || '上传失败', { type: 'error', autoHideDuration: 2500 });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void send(event.dataTransfer.files[0]);
  };

  return (
    <Box
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-describedby={hintId}
      aria-disabled={disabled || busy}
      onClick={() => !disabled && !busy && input.current?.click()}
      onKeyDown={(event) => {
        if ((event.key === 'Enter' || event.key === ' ') && !disabled && !busy) {
          event.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: '1px dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 2,
        textAlign: 'center',
        cursor: disabled ? 'not-allowed' : 'pointer',
        opacity: disabled ? 0.5 : 1,
        bgcolor: dragging ? 'action.hover' : 'transparent',
        '&:hover': disabled ? undefined : { borderColor: 'primary.main' },
      }}
    >
      <CloudUploadOutlined color="action" />
      <Typography variant="body2">
        将文件拖到此处，或<Box component="span" sx={{ color: 'primary.main' }}>点击上传</Box>
      </Typography>
      <Typography id={hintId} variant="caption" color="text.secondary">
        只能上传 .doc/.docx 文件，且不超过 100MB
      </Typography>
      {busy && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} aria-label="上传进度" />}
      <input
        ref={input}
        type="file"
        hidden
        accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        onChange={(event) => void send(event.target.files?.[0])}
        data-testid="word-upload-input"
      />
    </Box>
  );
}
