import { lazy, Suspense } from 'react';
import { Alert, Box } from '@mui/material';
import { HttpError } from 'react-admin';
import { DetailHeader } from './detail/DetailHeader';
import { DetailSideCards, type NewsFile } from './detail/DetailSideCards';
import { DetailTexts } from './detail/DetailTexts';
import { DetailMissing, DetailSkeleton } from './detail/parts';
import { useNewsDetail } from './detail/useNewsDetail';
import { ClassifyDialog } from './dialogs/ClassifyDialog';
import { EditTagsDialog } from './dialogs/EditTagsDialog';
import { ShareDialog } from './dialogs/ShareDialog';

// The translation workbench and TipTap load only when the page is entered for translation.
const TranslationWorkbench = lazy(() => import('./translation/TranslationWorkbench').then((m) => ({ default: m.TranslationWorkbench })));

export interface NewsDetailPageProps {
  /** detailFull/{id}: the translation entry (also `?trans=true`). */
  translationEntry?: boolean;
}

/**
 * /pro/news/detailFull2/{id}: the whole item for reading — titles, metadata, classes and keywords,
 * abstract, the three texts in tabs or side by side, files. Opening it marks the item read
 * (`GET api/news/info`). Entered for translation (detailFull/{id}, or `?trans=true`) it is the
 * translation workbench (translation/TranslationWorkbench, its own chunk). Its logic lives in
 * detail/useNewsDetail.ts, its parts beside it.
 */
export function NewsDetailPage({ translationEntry = false }: NewsDetailPageProps) {
  const detail = useNewsDetail(translationEntry);
  const { t, id, info, isPending, error, dialog, setDialog, patch } = detail;

  if (id === null || (error instanceof HttpError && (error.status === 404 || error.status === 400))) {
    return <DetailMissing message={(error as Error | null)?.message || t('detail.not_found')} backLabel={t('detail.back_to_list')} />;
  }
  if (isPending || !info) {
    if (error) {
      return (
        <Box sx={{ maxWidth: 720, mx: 'auto', py: 8 }}>
          <Alert severity="error">{t('detail.load_failed')}</Alert>
        </Box>
      );
    }
    return <DetailSkeleton />;
  }

  if (detail.trans) {
    return (
      <Suspense fallback={<DetailSkeleton />}>
        <TranslationWorkbench info={info} user={detail.user} reviewEntry={detail.reviewEntry} />
      </Suspense>
    );
  }

  const files = (Array.isArray(info.files) ? info.files : []) as NewsFile[];

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', px: { xs: 1, sm: 1.5 }, pt: 0.5, pb: 3 }} data-testid="news-detail">
      <DetailHeader info={info} detail={detail} fileCount={files.length} />

      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
        <DetailTexts info={info} detail={detail} />
        <DetailSideCards info={info} files={files} detail={detail} />
      </Box>

      <ShareDialog open={dialog === 'share'} news={[info]} onClose={() => setDialog(null)} onShared={() => setDialog(null)} />
      <EditTagsDialog
        open={dialog === 'tags'}
        news={info}
        onClose={() => setDialog(null)}
        onSaved={(value) => {
          patch(info.id, value);
          setDialog(null);
        }}
      />
      <ClassifyDialog
        open={dialog === 'classify'}
        news={info}
        onClose={() => setDialog(null)}
        onSaved={(value) => {
          patch(info.id, value);
          setDialog(null);
        }}
      />
    </Box>
  );
}
