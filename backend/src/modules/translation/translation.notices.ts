import { Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { html, NoticeService } from '../realtime/index.js';
import type { TranslationStateDto } from './translation.dto.js';


/** Live notices of the translation workflow (docs/news-design.md "Live channel"). */
@Injectable()
export class TranslationNotices {
  constructor(private readonly notices: NoticeService) {}

  /** A translation submitted for review → the department's reviewers (not the editor). */
  submitted(state: TranslationStateDto, names: { title: string; actor: string }, editor: Principal): void {
    this.notices.toDept(
      state.deptId,
      {
        msgType: 'INFO',
        type: 'translation.submitted',
        title: '有新的译文待审核',
        msg: html`${names.actor} 提交了《${names.title}》的译文（第 ${state.version} 版），请审核。`,
        newsId: String(state.id),
        deptId: state.deptId,
      },
      { permission: 'news:judge', exceptUserId: editor.userId },
    );
  }

  /** My translation was reviewed → its editor. */
  reviewed(state: TranslationStateDto, names: { title: string; actor: string }, reviewer: Principal): void {
    if (state.editorId == null || state.editorId === reviewer.userId) return;
    this.notices.toUser(state.editorId, {
      msgType: 'INFO',
      type: 'translation.reviewed',
      title: '译文已审核',
      msg: html`${names.actor} 审核通过了您翻译的《${names.title}》（第 ${state.version} 版）。`,
      newsId: String(state.id),
      deptId: state.deptId,
    });
  }
}
