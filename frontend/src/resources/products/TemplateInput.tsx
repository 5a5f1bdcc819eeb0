// The product's template file (one per product): the upload box while there is none, else the file
// (click downloads it through a signed link) with a remove action. Removing only detaches the file
// from the product when the dialog is saved.
import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { Box, FormLabel, IconButton, Link, Tooltip } from '@mui/material';
import { useInput } from 'react-admin';
import { openDownload, type StoredFile, TEMPLATE_UPLOAD_PATH, WordUploadBox } from '../shared/files';
import { useApiErrorHandler } from '../shared/hooks';
import { productsApi } from './api';
import type { FileRef } from './types';
import { useProductText } from './useProductText';

export function TemplateInput({ source = 'template' }: { source?: string }) {
  const t = useProductText();
  const onError = useApiErrorHandler();
  const { field } = useInput({ source });
  const template = (field.value ?? null) as FileRef | null;

  return (
    <Box sx={{ mt: 1, mb: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 0.5 }}>
        <FormLabel sx={{ fontSize: 13 }}>{t('form.template')}</FormLabel>
        <Tooltip title={t('form.template_sample_hint')} describeChild>
          <Link component="button" type="button" underline="hover" sx={{ fontSize: 12 }} onClick={() => void productsApi.templateSample(t('form.template_sample_file')).catch(onError)}>
            {t('form.template_sample')}
          </Link>
        </Tooltip>
      </Box>
      {template ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, py: 0.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <DescriptionOutlined fontSize="small" color="primary" />
          <Link
            component="button"
            type="button"
            underline="hover"
            sx={{ flex: 1, textAlign: 'left', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            aria-label={t('list.download', { name: template.realName })}
            onClick={() => void openDownload(template.id).catch(onError)}
          >
            {template.realName}
          </Link>
          <Tooltip title={t('form.remove_template')}>
            <IconButton size="small" aria-label={t('form.remove_template')} onClick={() => field.onChange(null)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ) : (
        <WordUploadBox<StoredFile>
          path={TEMPLATE_UPLOAD_PATH}
          label={t('form.template_upload')}
          onUploaded={(file) => field.onChange({ id: file.id, realName: file.realName })}
        />
      )}
    </Box>
  );
}
