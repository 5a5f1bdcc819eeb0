import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '../../common/auth/principal.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { OfficeAdapters } from './office-adapters.js';
import { officeEnabled } from './office.config.js';
import { OfficeTargets } from './office-targets.js';
import type { OfficeConfigDto, OfficeVersionMetaDto } from './office.dto.js';
import type { OfficeTargetKind } from './office.entity.js';
import { OfficeRepository } from './office.repository.js';

/** What the versions dialogs and the workbench read of online editing: the configured editor, each version's editor and saver. */
@Injectable()
export class OfficeVersionsService {
  constructor(
    private readonly repo: OfficeRepository,
    private readonly targets: OfficeTargets,
    private readonly adapters: OfficeAdapters,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
  ) {}

  /** `GET api/office/config`: the editor, and whether 在线编辑 is offered (off for `none`, or a document server adapter not connected). */
  config(): OfficeConfigDto {
    const editor = this.appConfig.office.editor;
    return { editor, enabled: officeEnabled(this.appConfig.office) && (editor === 'builtin' || !!this.adapters.get(editor)) };
  }

  /**
   * `GET api/office/versions`: the target's live versions, newest first, with what an editor recorded
   * (`editor` null: uploaded or generated). 403 without the permission that reads the kind
   * (`productJournal:list` / `productJournal:manu`), 404 `期刊不存在` / `稿件不存在`.
   */
  async meta(user: Principal, kind: OfficeTargetKind, id: number): Promise<OfficeVersionMetaDto[]> {
    this.targets.assertMayRead(user, kind);
    await this.targets.assertExists(user, kind, id);
    const rows = await this.repo.versionMeta(kind, id);
    return rows.map((r) => ({
      fileId: r.fileId,
      version: r.version,
      editor: r.editor,
      savedBy: r.savedById == null ? null : { id: r.savedById, username: r.savedByUsername ?? '', nickName: r.savedByNickName },
      savedAt: r.savedAt,
      stale: r.stale ?? false,
      autosave: r.autosave,
      modifiedByUser: r.modifiedByUser,
      hasHistory: r.hasHistory,
    }));
  }
}
