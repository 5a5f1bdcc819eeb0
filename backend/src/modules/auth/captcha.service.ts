import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import svgCaptcha from 'svg-captcha';
import { DataSource } from 'typeorm';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

const CAPTCHA_TTL_MS = 2 * 60_000;

/** Arithmetic image captcha, single use, 2-minute expiry, stored in the database (shared by replicas). */
@Injectable()
export class CaptchaService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.captchaEnabled;
  }

  async create(): Promise<{ img: string; uuid: string; enabled: boolean }> {
    const captcha = svgCaptcha.createMathExpr({ mathMin: 1, mathMax: 9, mathOperator: '+-', width: 120, height: 40, fontSize: 50, noise: 1, color: true, background: '#f4f6fb' });
    const uuid = randomUUID().replace(/-/g, '');
    await this.db.query('DELETE FROM sys_captcha WHERE expires_at < now()');
    await this.db.query('INSERT INTO sys_captcha (uuid, answer, expires_at) VALUES ($1, $2, $3)', [`captcha:${uuid}`, captcha.text, new Date(Date.now() + CAPTCHA_TTL_MS)]);
    return { img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`, uuid, enabled: this.enabled };
  }

  /** Consumes the captcha (deleted before it is compared, so every attempt needs a new one). */
  async verify(uuid: string | undefined, code: string | undefined): Promise<void> {
    if (!this.enabled) return;
    // A raw DELETE answers [rows, affectedCount] with the postgres driver.
    const [rows]: [Array<{ answer: string; expires_at: Date }>, number] = uuid
      ? await this.db.query('DELETE FROM sys_captcha WHERE uuid = $1 RETURNING answer, expires_at', [`captcha:${uuid}`])
      : [[], 0];
    if (!rows.length || rows[0].expires_at.getTime() < Date.now()) throw DomainException.badRequest('验证码不存在或已过期', ErrorCode.CaptchaExpired);
    if (!code || code.trim().toLowerCase() !== rows[0].answer.toLowerCase()) throw DomainException.badRequest('验证码错误', ErrorCode.CaptchaInvalid);
  }
}
