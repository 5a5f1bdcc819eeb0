// Messages of the online editor page, zh-CN first (English in i18n.en.ts, same keys: i18n.test.ts).
// The lead may merge them into the catalogues as `office: officeZh` / `office: officeEn`; until then
// `useOfficeText` falls back to these tables.

export const OFFICE_I18N_PREFIX = 'office';

export const officeZh = {
  page: {
    toolbar: '在线编辑',
    loading: '正在打开文档…',
    version: '第 %{version} 版',
    latest: '（最新第 %{latest} 版）',
    read_only: '只读',
    save: '保存',
    saving: '正在保存…',
    close: '关闭',
    closing: '正在保存…',
    closing_hint: '正在等待文档服务器保存，请勿关闭窗口',
    close_timeout: '文档服务器未在 60 秒内回传保存结果',
    bad_address: '地址无效：应为 /office/journal/<期刊 id> 或 /office/copy/<稿件 id>',
    back: '返回',
  },
  open: {
    failed_journal: '期刊打开失败',
    failed_copy: '稿件打开失败',
    failed: '打开失败',
  },
  reason: {
    forbidden: '您没有编辑权限，以只读方式打开',
    done: '期刊已定稿，以只读方式打开',
    locked: '%{holder} 正在编辑（自 %{since} 起），以只读方式打开',
    locked_unknown: '他人正在编辑，以只读方式打开',
  },
  lock: {
    lost: '编辑锁已失效，请重新打开',
    reopen: '重新打开',
  },
  save: {
    saved: '已保存为第 %{version} 版',
    unchanged: '文档没有变化，未生成新版本',
    stale: '已保存为新版本，但期间已有他人上传的第 %{latest} 版',
    failed: '保存失败：%{message}',
  },
  unsaved: {
    title: '文档尚未保存',
    text: '关闭前是否保存对文档的修改？',
    save: '保存',
    discard: '不保存',
    cancel: '取消',
  },
  editor: {
    script_failed: '编辑器加载失败：%{message}',
    frame_title: '在线编辑器',
  },
};

export type OfficeMessages = typeof officeZh;

export { officeEn } from './i18n.en';
