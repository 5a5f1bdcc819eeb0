import { Body, Controller, Delete, Get, HttpCode, Post, Query, Req, Res, type StreamableFile } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminOnly, AllowDuringPasswordChange, AllowQueryToken, Authenticated, CurrentUser, Public } from '../../common/access/permissions.decorator.js';
import type { AuthedRequest } from '../../common/access/access.guard.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { RsaService } from '../../common/auth/rsa.service.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { AccessKeyCreateDto, AccessKeyDto, AuthInfoDto, CaptchaDto, CreatedAccessKeyDto, HandoffCreateDto, HandoffDto, HandoffExchangeDto, KeyLoginDto, LoginAnswerDto, LoginDto, OnlineSessionDto, PublicKeyDto } from './auth.dto.js';
import { AccessKeysService } from './access-keys.service.js';
import { AuthService, type ClientInfo } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

const client = (req: Request): ClientInfo => ({ ip: req.ip ?? null, browser: req.headers['user-agent'] ?? null });

class OnlineQuery extends ListQuery {
  @TrimmedFilter()
  username?: string;
}

@ApiTags('认证')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly captcha: CaptchaService,
    private readonly rsa: RsaService,
  ) {}

  @AllowDuringPasswordChange()
  @Public()
  @Get('code')
  @ApiOkResponse({ type: CaptchaDto })
  code() {
    return this.captcha.create();
  }

  @AllowDuringPasswordChange()
  @Public()
  @Get('publicKey')
  @ApiOkResponse({ type: PublicKeyDto })
  publicKey() {
    return { publicKey: this.rsa.publicKey };
  }

  @Log('用户登录')
  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginAnswerDto })
  login(@Body() dto: LoginDto, @Req() req: Request) {
    return this.auth.login(dto, client(req));
  }

  @Log('密钥登录')
  @Public()
  @Post('keyLogin')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginAnswerDto })
  keyLogin(@Body() dto: KeyLoginDto, @Req() req: Request) {
    return this.auth.keyLogin(dto.key, client(req));
  }

  /** A one-time code that opens a page in a window of its own with a session of the caller (docs/decisions.md "Handoff"). */
  @Log('生成页面交接码')
  @Authenticated()
  @Post('handoff')
  @ApiCreatedResponse({ type: HandoffDto })
  handoff(@CurrentUser() me: Principal, @Body() dto: HandoffCreateDto) {
    return this.auth.createHandoff(me, dto.purpose);
  }

  /** The code of `auth/handoff` → a session (the answer of `auth/login`); 401 when unknown, used or expired. */
  @Log('交接码登录')
  @Public()
  @Post('handoff/exchange')
  @HttpCode(200)
  @ApiOkResponse({ type: LoginAnswerDto })
  exchangeHandoff(@Body() dto: HandoffExchangeDto, @Req() req: Request) {
    return this.auth.exchangeHandoff(dto.code, dto.purpose, client(req));
  }

  @AllowDuringPasswordChange()
  @Authenticated()
  @Get('info')
  @ApiOkResponse({ type: AuthInfoDto })
  info(@CurrentUser() me: Principal) {
    return this.auth.info(me);
  }

  /** Idempotent: always 200, revokes the caller's session when the token is still valid. */
  @Log('退出登录')
  @AllowDuringPasswordChange()
  @Public()
  @Delete('logout')
  @HttpCode(200)
  async logout(@Req() req: AuthedRequest): Promise<void> {
    await this.auth.logout(req.principal);
  }

  /**
   * The same as `DELETE auth/logout` (the spec lists logout among its GET calls). Needs the
   * Authorization header like DELETE: a link or image on another site cannot end a session.
   */
  @Log('退出登录')
  @AllowDuringPasswordChange()
  @Public()
  @Get('logout')
  async logoutByGet(@Req() req: AuthedRequest): Promise<void> {
    await this.auth.logout(req.principal);
  }

  @AdminOnly()
  @Get('online')
  @ApiPageResponse(OnlineSessionDto)
  online(@CurrentUser() me: Principal, @Query() query: OnlineQuery) {
    return this.auth.online(me, query.username, query.page ?? 0, query.size ?? 20);
  }

  /** The live sessions as an xlsx (eladmin's online users export; filter `username`). */
  @AllowQueryToken()
  @AdminOnly()
  @Get('online/download')
  downloadOnline(@Query() query: OnlineQuery): Promise<StreamableFile> {
    return this.auth.downloadOnline(query.username);
  }

  @Log('强制下线')
  @AdminOnly()
  @Delete(['online', 'online/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'string' } } })
  kick(@Body() keys: unknown) {
    return this.auth.kick(keys);
  }
}

/** The caller's own personal access keys (for key login). */
@ApiTags('认证')
@Controller('api/users/keys')
export class AccessKeysController {
  constructor(private readonly keys: AccessKeysService) {}

  @Authenticated()
  @Get()
  @ApiListResponse(AccessKeyDto)
  list(@CurrentUser() me: Principal) {
    return this.keys.list(me);
  }

  @Log('创建访问密钥')
  @Authenticated()
  @Post()
  @ApiCreatedResponse({ type: CreatedAccessKeyDto })
  create(@CurrentUser() me: Principal, @Body() dto: AccessKeyCreateDto) {
    return this.keys.create(me, dto);
  }

  @Log('删除访问密钥')
  @Authenticated()
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@CurrentUser() me: Principal, @Body(ParseIdsPipe) ids: number[]) {
    return this.keys.delete(me, ids);
  }
}

@ApiTags('认证')
@Controller('cas')
export class CasController {
  constructor(private readonly auth: AuthService) {}

  private service(req: Request): string {
    return `${req.protocol}://${req.get('host')}/cas/casLogin`;
  }

  /** Redirects to the CAS server's login page (404 when CAS is not configured). */
  @Public()
  @Get('ssologin')
  ssologin(@Req() req: Request, @Res() res: Response): void {
    res.redirect(302, this.auth.casLoginUrl(this.service(req)));
  }

  /** CAS callback: validates the ticket, sets the HORIZON-TOKEN cookie the UI reads and opens the app. */
  @Public()
  @Get('casLogin')
  async casLogin(@Query('ticket') ticket: string | undefined, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { token } = await this.auth.casLogin(ticket, this.service(req), client(req));
    res.cookie('HORIZON-TOKEN', token, { path: '/', sameSite: 'lax', secure: req.secure, maxAge: 24 * 3600_000 });
    res.redirect(302, '/horizon/');
  }
}
