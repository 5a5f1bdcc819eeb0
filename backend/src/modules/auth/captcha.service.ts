import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import svgCaptcha from 'svg-captcha';
import { DomainException, ErrorCode } from '../../common/errors/domain.exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ChallengeStore } from '../../common/auth/challenge.store.js';

const CAPTCHA_TTL_MS = 2 * 60_000;

/** Arithmetic image captcha, single use, 2-minute expiry, stored in the database (shared by replicas). */
@Injectable()
export class CaptchaService {
  constructor(
    private readonly challenges: ChallengeStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.captchaEnabled;
  }

  async create(): Promise<{ img: string; uuid: string; enabled: boolean }> {
    const captcha = svgCaptcha.createMathExpr({ mathMin: 1, mathMax: 9, mathOperator: '+-', width: 120, height: 40, fontSize: 50, noise: 1, color: true, background: '#f4f6fb' });
    const uuid = randomUUID().replace(/-/g, '');
    await this.challenges.put(`captcha:${uuid}`, captcha.text, new Date(Date.now() + CAPTCHA_TTL_MS));
    return { img: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`, uuid, enabled: this.enabled };
  }

  /** Consumes the captcha (deleted before it is compared, so every attempt needs a new one). */
  async verify(uuid: string | undefined, code: string | undefined): Promise<void> {
    if (!this.enabled) return;
    const stored = uuid ? await this.challenges.take(`captcha:${uuid}`) : undefined;
    if (!stored || stored.expiresAt.getTime() < Date.now()) throw DomainException.badRequest('验证码不存在或已过期', ErrorCode.CaptchaExpired);
    if (!code || code.trim().toLowerCase() !== stored.answer.toLowerCase()) throw DomainException.badRequest('验证码错误', ErrorCode.CaptchaInvalid);
  }
}
