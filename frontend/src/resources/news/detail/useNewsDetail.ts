// The logic of the detail page: which item (and whether it is entered for translation or review),
// the item itself (`GET api/news/info`, which marks it read), the reading layout, the open dialog,
// the list actions and 导出 Word. NewsDetailPage.tsx lays it out.
import { useEffect, useState } from 'react';
import { useLocaleState } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { useNewsUser } from '../access';
import { type PanelTab, useNewsInfo } from '../NewsSidePanel';
import { useNewsT } from '../text';
import { useNewsActions, usePatchNews } from '../useNewsActions';
import { useWordDownload } from '../useWordDownload';

export type DetailLayout = 'tabs' | 'side';
export type SideTab = 'machine' | 'manual';
export type DetailDialog = 'share' | 'tags' | 'classify' | null;

export type NewsDetail = ReturnType<typeof useNewsDetail>;

export function useNewsDetail(translationEntry: boolean) {
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
  const [layout, setLayout] = useState<DetailLayout>('tabs');
  const [tab, setTab] = useState<PanelTab>('original');
  const [sideTab, setSideTab] = useState<SideTab>('machine');
  const [dialog, setDialog] = useState<DetailDialog>(null);
  const actions = useNewsActions(user.userId);
  const patch = usePatchNews();
  const word = useWordDownload();

  useEffect(() => {
    if (!info) return;
    const previous = document.title;
    document.title = `${info.titleCn?.trim() || info.title} - ${t('detail.heading')}`;
    return () => {
      document.title = previous;
    };
  }, [info, t]);

  const exportWord = async () => {
    if (info) await word.download(info, user.deptId);
  };

  return {
    t,
    locale,
    id,
    trans,
    reviewEntry,
    user,
    info,
    isPending,
    error,
    layout,
    setLayout,
    tab,
    setTab,
    sideTab,
    setSideTab,
    dialog,
    setDialog,
    actions,
    patch,
    downloading: word.downloading,
    exportWord,
  };
}
