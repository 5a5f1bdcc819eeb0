// The detail page's heading card: breadcrumb, titles, metadata, state chips and the item's actions.
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import LaunchIcon from '@mui/icons-material/Launch';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import { Box, Breadcrumbs, Button, Chip, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { NewsInfo } from '../types';
import { displayName, safeHttp } from './format';
import { MetaItem } from './MetaItem';
import type { NewsDetail } from './useNewsDetail';

export function DetailHeader({ info, detail, fileCount }: { info: NewsInfo; detail: NewsDetail; fileCount: number }) {
  const { t, locale, user, actions } = detail;
  const title = info.titleCn?.trim() || info.title;
  const canCollect = info.isCollect ? user.abilities.uncollect : user.abilities.collect;
  return (
    <Paper variant="outlined" sx={{ px: { xs: 2, md: 3 }, py: 2, mb: 1.5, borderRadius: 1 }}>
      <Breadcrumbs separator={<NavigateNextIcon sx={{ fontSize: 16 }} />} sx={{ fontSize: 13, mb: 1 }}>
        <Link component={RouterLink} to="/pro/news" underline="hover" color="text.secondary">
          {t('title')}
        </Link>
        <Typography sx={{ fontSize: 13 }} color="text.primary">
          {t('detail.heading')}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: { xs: 'wrap', md: 'nowrap' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" sx={{ fontSize: 22, fontWeight: 600, lineHeight: 1.45, color: 'text.primary' }}>
            {title}
          </Typography>
          {info.title !== title && (
            <Typography component="h2" lang={info.language ?? undefined} sx={{ fontSize: 15, lineHeight: 1.5, color: 'text.secondary', mt: 0.5 }}>
              {info.title}
            </Typography>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2.5, rowGap: 0.5, mt: 1.25 }}>
            <MetaItem label={t('detail.publish')} value={info.publishTime} />
            <MetaItem label={t('detail.source')} value={info.webName} />
            <MetaItem label={t('detail.provided')} value={info.createBy} />
            <MetaItem label={t('detail.reads')} value={info.count} />
            <MetaItem label={t('detail.language')} value={displayName(info.language, 'language', locale)} />
            <MetaItem label={t('detail.country')} value={displayName(info.country, 'region', locale)} />
            <MetaItem label={t('detail.update')} value={info.updateTime} />
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1.25 }}>
            {info.isProcessed && (
              <Chip size="small" color={info.isProcessed === 'examine' ? 'warning' : 'success'} variant="outlined" label={info.isProcessed === 'examine' ? t('row.examine') : t('row.processed')} />
            )}
            {info.isChoice && <Chip size="small" color="primary" variant="outlined" label={t('actions.chosen')} />}
            {info.yj && <Chip size="small" color="error" variant="outlined" label={t('row.warned')} />}
            {fileCount > 0 && <Chip size="small" variant="outlined" icon={<AttachFileIcon />} label={`${t('row.files')} ${fileCount}`} />}
          </Box>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', flexShrink: 0, maxWidth: { md: 440 } }}>
          {safeHttp(info.url) && (
            <Button size="small" variant="outlined" component="a" href={safeHttp(info.url)} target="_blank" rel="noopener noreferrer" startIcon={<LaunchIcon />}>
              {t('actions.original')}
            </Button>
          )}
          {canCollect && (
            <Button
              size="small"
              variant="outlined"
              color={info.isCollect ? 'warning' : 'primary'}
              startIcon={info.isCollect ? <StarIcon /> : <StarBorderIcon />}
              disabled={actions.isBusy('collect', info.id)}
              onClick={() => void actions.run('collect', info)}
            >
              {info.isCollect ? t('actions.collected') : t('actions.collect')}
            </Button>
          )}
          {user.abilities.track && (
            <Button
              size="small"
              variant="outlined"
              color={info.isRecommend ? 'success' : 'primary'}
              startIcon={<PlaylistAddCheck />}
              disabled={actions.isBusy('track', info.id)}
              onClick={() => void actions.run('track', info)}
            >
              {info.isRecommend ? t('actions.tracked') : t('actions.track')}
            </Button>
          )}
          <Button size="small" variant="outlined" startIcon={<ShareOutlined />} onClick={() => detail.setDialog('share')}>
            {t('actions.share')}
          </Button>
          <Button size="small" variant="outlined" startIcon={<DescriptionOutlined />} disabled={detail.downloading} onClick={() => void detail.exportWord()}>
            {t('actions.word')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
