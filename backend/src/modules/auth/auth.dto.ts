import { UserDto } from '../users/index.js';
import { ApiDateTime, ApiInt, ApiNullableString } from '../../common/http/api-response.js';
import { BooleanField } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IntInput } from '../../common/http/numbers.js';

export class LoginDto {
  @ApiProperty()
  @IsString({ message: '用户名不能为空' })
  @IsNotEmpty({ message: '用户名不能为空' })
  @MaxLength(64, { message: '用户名不能超过 64 个字符' })
  username: string;

  @ApiProperty({ description: 'base64(RSA-OAEP-SHA256(密码))，公钥见 GET auth/publicKey' })
  @IsString({ message: '密码不能为空' })
  @IsNotEmpty({ message: '密码不能为空' })
  @MaxLength(1024, { message: '密码格式不正确' })
  password: string;

  @ApiPropertyOptional({ description: '验证码' })
  @IsOptional()
  @IsString({ message: '验证码格式不正确' })
  @MaxLength(16, { message: '验证码格式不正确' })
  code?: string;

  @ApiPropertyOptional({ description: 'GET auth/code 返回的 uuid' })
  @IsOptional()
  @IsString({ message: 'uuid 格式不正确' })
  @MaxLength(64, { message: 'uuid 格式不正确' })
  uuid?: string;

  @ApiPropertyOptional({ description: '记住我：会话有效期 1 天' })
  @IsOptional()
  @BooleanField('rememberMe ')
  rememberMe?: boolean;
}

export class OnlineSessionDto {
  /** The session id: what `DELETE auth/online` takes. */
  @ApiProperty({ description: '会话 id：DELETE auth/online 的参数' })
  key: string;

  /** The user's id (eladmin's `uid`). */
  @ApiInt()
  uid: number;

  @ApiProperty()
  userName: string;

  @ApiProperty()
  nickName: string;

  @ApiNullableString()
  dept: string | null;

  @ApiNullableString()
  browser: string | null;

  @ApiNullableString()
  ip: string | null;

  /** Where `ip` is: `内网IP`, a region from the offline IP database, or ''. */
  @ApiProperty({ description: 'ip 的位置：内网IP、离线 IP 库的地区，或空串' })
  address: string;

  @ApiDateTime()
  loginTime: Date;

  @ApiDateTime()
  lastAccessTime: Date;

  @ApiDateTime()
  expiresAt: Date;

  @ApiProperty({ description: '调用者自己的会话' })
  current: boolean;
}

export class KeyLoginDto {
  @ApiProperty({ description: '个人访问密钥（在个人中心创建）' })
  @IsString({ message: '访问密钥不能为空' })
  @IsNotEmpty({ message: '访问密钥不能为空' })
  @MaxLength(128, { message: '访问密钥格式不正确' })
  key: string;
}

/** Pages that may be opened with a handoff code. */
export const HANDOFF_PURPOSES = ['setManu'] as const;
export type HandoffPurpose = (typeof HANDOFF_PURPOSES)[number];

/** `POST auth/handoff`. */
export class HandoffCreateDto {
  @ApiProperty({ enum: HANDOFF_PURPOSES, description: '用途：setManu = 期刊稿件配置（/pro/setManu）' })
  @IsIn(HANDOFF_PURPOSES, { message: 'purpose 只能是 setManu' })
  purpose: HandoffPurpose;
}

export class HandoffDto {
  @ApiProperty({ description: '一次性交接码（60 秒内有效，只能使用一次）；作为 access_token 放在打开的页面地址里' })
  code: string;

  @ApiProperty({ description: '有效秒数' })
  expiresIn: number;
}

/** `POST auth/handoff/exchange`. */
export class HandoffExchangeDto {
  @ApiProperty({ enum: HANDOFF_PURPOSES })
  @IsIn(HANDOFF_PURPOSES, { message: 'purpose 只能是 setManu' })
  purpose: HandoffPurpose;

  @ApiProperty({ description: 'auth/handoff 返回的交接码' })
  @IsString({ message: '交接码不能为空' })
  @IsNotEmpty({ message: '交接码不能为空' })
  @MaxLength(128, { message: '交接码格式不正确' })
  code: string;
}

export class AccessKeyCreateDto {
  @ApiProperty({ description: '用途说明' })
  @IsString({ message: '密钥名称必须是字符串' })
  @IsNotEmpty({ message: '密钥名称不能为空' })
  @MaxLength(100, { message: '密钥名称不能超过 100 个字符' })
  name: string;

  @ApiPropertyOptional({ description: '有效天数（1–3650）；不传 = 长期有效' })
  @IsOptional()
  @IntInput()
  @IsInt({ message: '有效天数必须是整数' })
  @Min(1, { message: '有效天数不能小于 1' })
  @Max(3650, { message: '有效天数不能超过 3650' })
  expiresDays?: number;
}

export class AccessKeyDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  name: string;

  @ApiProperty({ description: '密钥前缀（用来辨认）' })
  prefix: string;

  @ApiDateTime({ nullable: true })
  expiresAt: Date | null;

  @ApiDateTime({ nullable: true })
  lastUsedTime: Date | null;

  @ApiDateTime()
  createTime: Date;
}

/** `POST api/accessKeys`: the new key, whose secret is shown this once. */
export class CreatedAccessKeyDto extends AccessKeyDto {
  @ApiProperty({ description: '完整密钥（只显示这一次）' })
  key: string;
}

/** `GET auth/code`: the captcha image. */
export class CaptchaDto {
  @ApiProperty({ description: 'data:image/svg+xml;base64,…' })
  img: string;

  @ApiProperty()
  uuid: string;

  @ApiProperty({ description: '是否需要验证码' })
  enabled: boolean;
}

/** `GET auth/publicKey`: the RSA public key that encrypts login passwords. */
export class PublicKeyDto {
  @ApiProperty()
  publicKey: string;
}

/** `GET auth/info`: the caller (auth.service.ts `LoginAnswer` without `token`). */
export class AuthInfoDto {
  @ApiProperty({ type: () => UserDto })
  user: UserDto;

  @ApiProperty({ type: [String], description: '权限标识' })
  roles: string[];

  @ApiProperty({ type: 'array', items: { type: 'integer' }, description: '数据范围内的部门 id' })
  dataScopes: number[];

  /** The account has an initial password: the client must have it changed before anything else. */
  @ApiProperty({ description: '初始密码：必须先修改密码' })
  passwordChangeRequired: boolean;

  /**
   * The caller's CASL rules, packed (`packRules` of @casl/ability/extra): permission codes as
   * `[action, subject]` and the record rules with their conditions. The browser unpacks them and asks
   * the same `ability.can(action, subject)` as the server.
   */
  @ApiProperty({ type: 'array', items: { type: 'array', items: {} }, description: '权限规则（CASL packRules 格式）：[动作, 主体, 条件?, 取反?, …]' })
  rules: unknown[][];
}

/** `POST auth/login`, `auth/keyLogin`: the session token and the caller. */
export class LoginAnswerDto extends AuthInfoDto {
  @ApiProperty({ description: 'Bearer 令牌' })
  token: string;
}
