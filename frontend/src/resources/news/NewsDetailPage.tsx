import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LaunchIcon from '@mui/icons-material/Launch';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import StarIcon from '@mui/icons-material/Star';
import TranslateIcon from '@mui/icons-material/Translate';
import {
  Alert,
  Box,
  Breadcrumbs,
  Button,
  Chip,
  Divider,
  IconButton,
  Link,
  Paper,
  Skeleton,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { HttpError, useLocaleState } from 'react-admin';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { horizon, line } from '../../theme/theme';
import { apiDownload, saveBlob } from '../api';
import { useApiErrorHandler } from '../shared/hooks';
import { useNewsUser } from './access';
import { ClassifyDialog } from './dialogs/ClassifyDialog';
import { EditTagsDialog } from './dialogs/EditTagsDialog';
import { ShareDialog } from './dialogs/ShareDialog';
import { NewsText, TextEmpty } from './NewsText';
import { type PanelTab, useNewsInfo } from './NewsSidePanel';
import { useNewsT } from './text';
import { useNewsActions, usePatchNews } from './useNewsActions';

// The translation workbench and TipTap load only when the page is entered for translation.
const TranslationWorkbench = lazy(() => import('./translation/TranslationWorkbench').then((m) => ({ default: m.TranslationWorkbench })));

export interface NewsDetailPageProps {
  /** detailFull/{id}: the translation entry (also `?trans=true`). */
  translationEntry?: boolean;
}

interface NewsFile {
  name?: string;
  fileName?: string;
  size?: number;
  url?: string;
  path?: string;
}

const formatSize = (bytes?: number) => {
  if (!bytes || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

/** `fr` → 法语, `FR` → 法国 (the browser's names in the UI language); the code itself when unknown. */
function displayName(code: string | null, type: 'language' | 'region', locale: string): string | null {
  if (!code) return null;
  try {
    const names = new Intl.DisplayNames([locale === 'zh' ? 'zh-CN' : locale], { type });
    return names.of(type === 'region' ? code.toUpperCase() : code) ?? code;
  } catch {
    return code;
  }
}

const safeHttp = (url?: string) => (url && /^https?:\/\//i.test(url) ? url : undefined);

function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.25, borderBottom: line() }}>
        <Typography sx={{ fontSize: 14, fontWeight: 600, color: 'text.primary', flex: 1 }}>{title}</Typography>
        {action}
      </Box>
      <Box sx={{ px: 2, py: 1.5 }}>{children}</Box>
    </Paper>
  );
}

function MetaItem({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, fontSize: 13, color: horizon('textMuted') }}>
      <span>{label}：</span>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {value}
      </Box>
    </Box>
  );
}

function Tags({ names, empty, tone }: { names: string[]; empty: string; tone: 'classify' | 'keyword' }) {
  if (!names.length)
    return (
      <Typography variant="body2" color="text.disabled">
        {empty}
      </Typography>
    );
  const sx = tone === 'classify' ? { bgcolor: horizon('brandLight'), color: horizon('brand'), border: line('brandBorder') } : { bgcolor: horizon('infoLight'), color: 'text.secondary', border: line('infoBorder') };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {names.map((n) => (
        <Chip key={n} size="small" label={n} sx={{ ...sx, borderRadius: 1, fontSize: 12.5 }} />
      ))}
    </Box>
  );
}

function DetailSkeleton() {
  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', p: 1.5 }}>
      <Paper variant="outlined" sx={{ p: 2.5, mb: 1.5 }}>
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="text" width="80%" sx={{ fontSize: 24 }} />
        <Skeleton variant="text" width="60%" />
        <Skeleton variant="text" width="50%" />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} variant="text" width={`${85 + ((i * 7) % 15)}%`} sx={{ fontSize: 15 }} />
        ))}
      </Paper>
    </Box>
  );
}

const statusKey = (s: string | null) =>
  s === 'edit' ? 'detail.status_edit' : s === 'examine' ? 'detail.status_examine' : s === 'done' ? 'detail.status_done' : 'detail.status_none';

/**
 * /pro/news/detailFull2/{id}: the whole item for reading — titles, metadata, classes and keywords,
 * abstract, the three texts in tabs or side by side, files. Opening it marks the item read
 * (`GET api/news/info`). Entered for translation (detailFull/{id}, or `?trans=true`) it is the
 * translation workbench (translation/TranslationWorkbench, its own chunk).
 */
export function NewsDetailPage({ translationEntry = false }: NewsDetailPageProps) {
  const t = useNewsT();
  const [locale] = useLocaleState();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const trans = translationEntry || searchParams.get('trans') === 'true';
  // a list row's 审核: the workbench opens on 人工翻译 with 审核 in view
  const reviewEntry = searchParams.get('review') === 'true';
  const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : null;
  const user = useNewsUser();
  const { data: info, isPending, error } = useNewsInfo(user.ready ? id : null, user.deptId);
  const [layout, setLayout] = useState<'tabs' | 'side'>('tabs');
  const [tab, setTab] = useState<PanelTab>('original');
  const [sideTab, setSideTab] = useState<'machine' | 'manual'>('machine');
  const [dialog, setDialog] = useState<'share' | 'tags' | 'classify' | null>(null);
  const actions = useNewsActions(user.userId);
  const patch = usePatchNews();
  const onError = useApiErrorHandler();
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (!info) return;
    const previous = document.title;
    document.title = `${info.titleCn?.trim() || info.title} - ${t('detail.heading')}`;
    return () => {
      document.title = previous;
    };
  }, [info, t]);

  if (id === null || (error instanceof HttpError && (error.status === 404 || error.status === 400))) {
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto', py: 10, textAlign: 'center' }} data-testid="news-detail-missing">
        <DescriptionOutlined sx={{ fontSize: 64, color: horizon('textPlaceholder') }} />
        <Typography sx={{ mt: 1.5, fontSize: 16, color: 'text.secondary' }}>{(error as Error | null)?.message || t('detail.not_found')}</Typography>
        <Button component={RouterLink} to="/pro/news" variant="outlined" sx={{ mt: 3 }}>
          {t('detail.back_to_list')}
        </Button>
      </Box>
    );
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

  if (trans) {
    return (
      <Suspense fallback={<DetailSkeleton />}>
        <TranslationWorkbench info={info} user={user} reviewEntry={reviewEntry} />
      </Suspense>
    );
  }

  const title = info.titleCn?.trim() || info.title;
  const files = (Array.isArray(info.files) ? info.files : []) as NewsFile[];
  const canCollect = info.isCollect ? user.abilities.uncollect : user.abilities.collect;
  // a submitted translation of the department: reviewers get the way to the workbench, ready to review
  const reviewable = user.abilities.judge && (info.isProcessed === 'examine' || info.isProcessed === 'done');

  const exportWord = async () => {
    setDownloading(true);
    try {
      const blob = await apiDownload('api/news/downloadWordByIdAndDeptId', { id: info.id, deptId: user.deptId });
      saveBlob(blob, `${title.slice(0, 60).replace(/[\\/:*?"<>|]/g, '_')}.docx`);
    } catch (e) {
      onError(e);
    } finally {
      setDownloading(false);
    }
  };

  const original = <NewsText html={info.contentHtml} text={info.content} empty={t('panel.no_content')} lang={info.language ?? undefined} />;
  const machine = <NewsText text={info.contentCn} empty={t('panel.no_machine')} lang="zh-CN" />;
  const manual = info.contentTrans?.trim() ? <NewsText text={info.contentTrans} empty={t('panel.no_manual')} lang="zh-CN" /> : <TextEmpty text={t('panel.no_manual')} />;

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto', px: { xs: 1, sm: 1.5 }, pt: 0.5, pb: 3 }} data-testid="news-detail">
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
              {files.length > 0 && <Chip size="small" variant="outlined" icon={<AttachFileIcon />} label={`${t('row.files')} ${files.length}`} />}
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
            <Button size="small" variant="outlined" startIcon={<ShareOutlined />} onClick={() => setDialog('share')}>
              {t('actions.share')}
            </Button>
            <Button size="small" variant="outlined" startIcon={<DescriptionOutlined />} disabled={downloading} onClick={() => void exportWord()}>
              {t('actions.word')}
            </Button>
          </Box>
        </Box>
      </Paper>

      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
        <Paper variant="outlined" sx={{ borderRadius: 1, overflow: 'hidden' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: line(), pr: 1.5 }}>
            {layout === 'tabs' ? (
              <Tabs value={tab} onChange={(_e, v: PanelTab) => setTab(v)} sx={{ flex: 1, minHeight: 44, px: 1, '& .MuiTab-root': { minHeight: 44, fontSize: 14 } }}>
                <Tab value="original" label={t('panel.original')} />
                <Tab value="machine" label={t('panel.machine')} />
                <Tab value="manual" label={t('panel.manual')} />
              </Tabs>
            ) : (
              <Typography sx={{ flex: 1, px: 2.5, py: 1.5, fontSize: 14, fontWeight: 600 }}>{t('detail.texts')}</Typography>
            )}
            <ToggleButtonGroup
              size="small"
              exclusive
              value={layout}
              onChange={(_e, v: 'tabs' | 'side' | null) => v && setLayout(v)}
              sx={{ display: { xs: 'none', md: 'inline-flex' }, '& .MuiToggleButton-root': { py: 0.25, px: 1.25, fontSize: 12.5 } }}
            >
              <ToggleButton value="tabs">{t('detail.layout_tabs')}</ToggleButton>
              <ToggleButton value="side">{t('detail.layout_side')}</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          {layout === 'tabs' ? (
            <Box role="tabpanel" sx={{ px: { xs: 2, md: 4 }, py: 3, maxWidth: 880, mx: 'auto' }}>
              {tab === 'original' ? original : tab === 'machine' ? machine : manual}
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
              <Box sx={{ px: 3, py: 2.5, borderRight: line(), minWidth: 0 }}>
                <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 1.5 }}>{t('panel.original')}</Typography>
                {original}
              </Box>
              <Box sx={{ px: 3, py: 2.5, minWidth: 0 }}>
                <ToggleButtonGroup
                  size="small"
                  exclusive
                  value={sideTab}
                  onChange={(_e, v: 'machine' | 'manual' | null) => v && setSideTab(v)}
                  sx={{ mb: 1.5, '& .MuiToggleButton-root': { py: 0.125, px: 1.25, fontSize: 12.5 } }}
                >
                  <ToggleButton value="machine">{t('panel.machine')}</ToggleButton>
                  <ToggleButton value="manual">{t('panel.manual')}</ToggleButton>
                </ToggleButtonGroup>
                {sideTab === 'machine' ? machine : manual}
              </Box>
            </Box>
          )}
        </Paper>

        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Card
            title={t('detail.classify')}
            action={
              <Tooltip title={t('row.edit_classify')}>
                <IconButton size="small" aria-label={t('row.edit_classify')} onClick={() => setDialog('classify')}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <Tags names={info.classifyNames ?? []} empty={t('row.no_classify')} tone="classify" />
          </Card>
          <Card
            title={t('detail.keywords')}
            action={
              <Tooltip title={t('row.edit_keywords')}>
                <IconButton size="small" aria-label={t('row.edit_keywords')} onClick={() => setDialog('tags')}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
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

