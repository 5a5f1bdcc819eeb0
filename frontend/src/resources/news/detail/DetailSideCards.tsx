// The cards beside the texts: classes and keywords (editable), abstract, files, and the department's
// translation state with the ways to the workbench.
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import EditOutlined from '@mui/icons-material/EditOutlined';
import TranslateIcon from '@mui/icons-material/Translate';
import { Box, Button, Divider, IconButton, Link, Tooltip, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { horizon } from '../../../theme/theme';
import type { NewsInfo } from '../types';
import { formatSize, safeHttp, statusKey } from './format';
import { MetaItem } from './MetaItem';
import { Card, Tags } from './parts';
import type { NewsDetail } from './useNewsDetail';

export interface NewsFile {
  name?: string;
  fileName?: string;
  size?: number;
  url?: string;
  path?: string;
}

export function DetailSideCards({ info, files, detail }: { info: NewsInfo; files: NewsFile[]; detail: NewsDetail }) {
  const { t, user } = detail;
  // a submitted translation of the department: reviewers get the way to the workbench, ready to review
  const reviewable = user.abilities.judge && (info.isProcessed === 'examine' || info.isProcessed === 'done');
  const editButton = (label: string, dialog: 'tags' | 'classify') => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={() => detail.setDialog(dialog)}>
        <EditOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Card title={t('detail.classify')} action={editButton(t('row.edit_classify'), 'classify')}>
        <Tags names={info.classifyNames ?? []} empty={t('row.no_classify')} tone="classify" />
      </Card>
      <Card title={t('detail.keywords')} action={editButton(t('row.edit_keywords'), 'tags')}>
        <Tags names={info.keywords ?? []} empty={t('row.no_keywords')} tone="keyword" />
      </Card>
      <Card title={t('detail.abstract')}>
        {info.abstracts?.trim() ? (
          <Typography sx={{ fontSize: 13.5, lineHeight: 1.8, color: 'text.secondary', whiteSpace: 'pre-wrap' }}>{info.abstracts}</Typography>
        ) : (
          <Typography variant="body2" color="text.disabled">
            {t('detail.no_abstract')}
          </Typography>
        )}
      </Card>
      <Card title={t('detail.files')}>
        {files.length === 0 ? (
          <Typography variant="body2" color="text.disabled">
            {t('detail.no_files')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.75 }}>
            {files.map((f, i) => {
              const name = f.name ?? f.fileName ?? `file-${i + 1}`;
              const href = safeHttp(f.url ?? f.path);
              return (
                <Box component="li" key={`${name}-${i}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, fontSize: 13 }}>
                  <AttachFileIcon sx={{ fontSize: 16, color: horizon('textMuted') }} />
                  {href ? (
                    <Link href={href} target="_blank" rel="noopener noreferrer" underline="hover" sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}>
                      {name}
                    </Link>
                  ) : (
                    <Box component="span" sx={{ flex: 1, minWidth: 0, wordBreak: 'break-all', color: 'text.secondary' }}>
                      {name}
                    </Box>
                  )}
                  <Typography variant="caption" color="text.disabled" sx={{ flexShrink: 0 }}>
                    {formatSize(f.size)}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        )}
      </Card>
      <Card title={t('detail.trans_status')}>
        <Box sx={{ display: 'grid', gap: 0.75 }}>
          <MetaItem label={t('detail.trans_status')} value={t(statusKey(info.transStatus))} />
          <MetaItem label={t('detail.editor')} value={info.editorName} />
          <MetaItem label={t('detail.examiner')} value={info.examineName} />
        </Box>
        {(user.abilities.translate || reviewable) && (
          <>
            <Divider sx={{ my: 1.25 }} />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              {reviewable && (
                <Button
                  size="small"
                  variant="contained"
                  color="success"
                  startIcon={<AssignmentTurnedIn />}
                  component={RouterLink}
                  to={`/pro/news/detailFull/${info.id}?trans=true&review=true`}
                  data-testid="detail-review"
                >
                  {t('actions.review')}
                </Button>
              )}
              {user.abilities.translate && (
                <Button size="small" startIcon={<TranslateIcon />} component={RouterLink} to={`/pro/news/detailFull/${info.id}?trans=true`}>
                  {t('actions.translate')}
                </Button>
              )}
            </Box>
          </>
        )}
      </Card>
    </Box>
  );
}
