import { Inject, Injectable } from '@nestjs/common';
import type { Principal } from '../../../common/auth/principal.js';
import { diffDocx } from '../../../common/docx/index.js';
import { DomainException, ErrorCode } from '../../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { FilesService } from '../../storage/index.js';
import { OfficeTargets, suffixOf, type OfficeVersionRef } from '../office-targets.js';
import type { OfficeTargetKind } from '../office.entity.js';
import type { OfficeDiffDto } from './office-diff.dto.js';

/** The messages of `GET api/office/diff` (docs/office-api.md). */
export const OFFICE_DIFF_MESSAGES = {
  docxOnly: '只能比较两个 .docx 版本',
  tooLarge: (mb: number) => `文件超过 ${mb}MB，不能比较`,
} as const;

/**
 * The text diff of two .docx versions of a journal or a copy (docs/office-design.md §4.9): read as
 * the versions list (`GET api/office/versions`), each file as the caller may read it, the text
 * extraction and diff of the Word library (`common/docx/text.ts`).
 */
@Injectable()
export class OfficeDiffService {
  constructor(
    private readonly targets: OfficeTargets,
    private readonly files: FilesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * 403 without the kind's read permission; 404 `期刊不存在` / `稿件不存在` / `版本不存在`; 400
   * `只能比较两个 .docx 版本` unless both are .docx; 400 for a file over `UPLOAD_MAX_MB`; 404
   * `文件不存在` for a file the caller may not read.
   */
  async diff(user: Principal, kind: OfficeTargetKind, id: number, from: number, to: number): Promise<OfficeDiffDto> {
    this.targets.assertMayRead(user, kind);
    const target = await this.targets.resolve(user, kind, id);
    const a = this.targets.pick(target, from);
    const b = this.targets.pick(target, to);
    if (suffixOf(a.fileName) !== 'docx' || suffixOf(b.fileName) !== 'docx') {
      throw DomainException.badRequest(OFFICE_DIFF_MESSAGES.docxOnly, ErrorCode.Validation);
    }
    const result = diffDocx(await this.bytes(user, a), await this.bytes(user, b));
    return { from, to, ...result };
  }

  private async bytes(user: Principal, version: OfficeVersionRef): Promise<Buffer> {
    const { file, stream } = await this.files.open(user, version.fileId);
    const max = this.config.storage.maxBytes;
    if (Number(file.size) > max) {
      stream.destroy();
      throw DomainException.badRequest(OFFICE_DIFF_MESSAGES.tooLarge(Math.round(max / 1024 / 1024)), ErrorCode.Validation);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
}
