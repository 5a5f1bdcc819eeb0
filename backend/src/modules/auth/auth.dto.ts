import { BooleanField } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
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

export interface OnlineSessionDto {
  /** The session id: what `DELETE auth/online` takes. */
  key: string;
  /** The user's id (eladmin's `uid`). */
  uid: number;
  userName: string;
  nickName: string;
  dept: string | null;
  browser: string | null;
  ip: string | null;
  /** Where `ip` is: `内网IP`, a region from the offline IP database, or ''. */
  address: string;
  loginTime: Date;
  lastAccessTime: Date;
  expiresAt: Date;
  current: boolean;
}

export class KeyLoginDto {
  @ApiProperty({ description: '个人访问密钥（在个人中心创建）' })
  @IsString({ message: '访问密钥不能为空' })
  @IsNotEmpty({ message: '访问密钥不能为空' })
  @MaxLength(128, { message: '访问密钥格式不正确' })
  key: string;
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

export interface AccessKeyDto {
  id: number;
  name: string;
  prefix: string;
  expiresAt: Date | null;
  lastUsedTime: Date | null;
  createTime: Date;
}
