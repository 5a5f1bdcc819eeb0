// The submission dialog's header box: the item (or the first five items of a batch) being submitted.
import { Box, Typography } from '@mui/material';
import { horizon } from '../../../theme/theme';
import type { PushNews } from '../../shared/newsPush';
import type { ManuscriptT } from '../useManuscriptText';

export function SubmitNewsSummary({ news, single, t }: { news: readonly PushNews[]; single: boolean; t: ManuscriptT }) {
  return (
    <Box sx={{ px: 1.5, py: 1, bgcolor: horizon('fill'), borderRadius: 1, borderLeft: 3, borderColor: 'primary.main' }} data-testid="submit-news">
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.25 }}>
        {single ? t('submit.news') : t('submit.news_count', { count: news.length })}
      </Typography>
      {news.slice(0, 5).map((item) => (
        <Typography key={item.id} variant="body2" sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={item.titleCn || item.title}>
          {item.titleCn || item.title}
        </Typography>
      ))}
      {news.length > 5 && (
        <Typography variant="caption" color="text.secondary">
          …
        </Typography>
      )}
    </Box>
  );
}
