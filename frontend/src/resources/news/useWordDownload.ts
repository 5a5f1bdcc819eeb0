import { useState } from 'react';
import { apiDownload, saveBlob } from '../api';
import { useApiErrorHandler } from '../shared/hooks';
import type { NewsInfo } from './types';

/** 下载 Word / 导出 Word: the item with the department's translation as a .docx named after its title. */
export function useWordDownload() {
  const onError = useApiErrorHandler();
  const [downloading, setDownloading] = useState(false);
  const download = async (info: Pick<NewsInfo, 'id' | 'title' | 'titleCn'>, deptId: number | undefined) => {
    setDownloading(true);
    try {
      const blob = await apiDownload('api/news/downloadWordByIdAndDeptId', { id: info.id, deptId });
      const title = info.titleCn?.trim() || info.title;
      saveBlob(blob, `${title.slice(0, 60).replace(/[\\/:*?"<>|]/g, '_')}.docx`);
    } catch (error) {
      onError(error);
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}
