// 收藏新闻 (/pro/collect, the menu of 动态跟踪): the caller's collected news, the same list as the
// personal centre's 我的收藏 (spec production-admin §2 "Collected-news list").
import { Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CollectList } from '../../resources/news/collect/CollectList';

export function CollectedNewsPage() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h1" sx={{ fontSize: 18, fontWeight: 600, mb: 1.5 }}>
        {translate('app.process.center.collect')}
      </Typography>
      <Paper variant="outlined" sx={{ minWidth: 0 }} data-testid="collected-news-page">
        <CollectList />
      </Paper>
    </>
  );
}
