import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import type { Preview } from './api';
import { useSourcesText } from './useSourcesText';

/**
 * What 预览 found (docs/collect-api.md "Preview"): the warnings, the discovered feeds (one can be
 * taken as the feed address) and the first items as they would be stored.
 */
export function SourcePreview({ preview, onUseFeed }: { preview: Preview; onUseFeed?: (url: string) => void }) {
  const t = useSourcesText();
  return (
    <Box data-testid="source-preview" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography variant="subtitle2" gutterBottom>
        {t('form.preview_title')}
        {preview.title ? `：${preview.title}` : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {t('form.preview_feed', { url: preview.feedUrl })}
      </Typography>
      {preview.warnings.map((warning) => (
        <Alert key={warning} severity="warning" sx={{ mt: 1 }}>
          {warning}
        </Alert>
      ))}
      {preview.discovered.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" fontWeight={600}>
            {t('form.preview_discovered')}
          </Typography>
          <List dense disablePadding>
            {preview.discovered.map((feed) => (
              <ListItem
                key={feed.url}
                disableGutters
                secondaryAction={
                  onUseFeed && (
                    <Button size="small" onClick={() => onUseFeed(feed.url)}>
                      {t('form.preview_use')}
                    </Button>
                  )
                }
              >
                <ListItemText primary={feed.title || feed.url} secondary={`${feed.type.toUpperCase()} · ${feed.url}`} slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      <Typography variant="body2" fontWeight={600} sx={{ mt: 1 }}>
        {preview.items.length ? t('form.preview_items', { n: preview.items.length }) : t('form.preview_no_items')}
      </Typography>
      <List dense disablePadding>
        {preview.items.map((item) => (
          <ListItem key={item.url} disableGutters alignItems="flex-start">
            <ListItemText
              primary={
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  {item.title}
                </a>
              }
              secondary={
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} component="span">
                  <span>{[item.publishTime, item.language].filter(Boolean).join(' · ')}</span>
                  {item.keywords.map((keyword) => (
                    <Chip key={keyword} size="small" label={keyword} component="span" />
                  ))}
                </Stack>
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
