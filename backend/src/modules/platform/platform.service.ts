import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, EXTERNAL_TARGETS, type ExternalTarget } from '../../config/config.js';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { EXTERNAL_TARGET_LABELS, type ExternalUrlDto, type PlatformSettingsDto } from './platform.dto.js';

/** Deployment settings the UI needs (from the environment; nothing is stored). */
@Injectable()
export class PlatformService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  settings(): PlatformSettingsDto {
    const { logoutEnabled, title, externalUrls } = this.config.platform;
    return {
      logoutEnabled,
      title: title ?? null,
      externalTargets: EXTERNAL_TARGETS.filter((target) => externalUrls[target]),
      mt: { engine: this.config.mt.engine, configured: this.config.mt.engine !== 'none' },
    };
  }

  /** The configured address of an external system; 404 `NOT_CONFIGURED` when there is none. */
  externalUrl(target: ExternalTarget): ExternalUrlDto {
    const url = this.config.platform.externalUrls[target];
    if (!url) throw new DomainException(HttpStatus.NOT_FOUND, `${EXTERNAL_TARGET_LABELS[target]}地址未配置，请联系管理员`, ErrorCode.NotConfigured);
    return { url };
  }
}
