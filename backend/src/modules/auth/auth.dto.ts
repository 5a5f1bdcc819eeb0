import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { toBoolean } from '../../common/http/list-query.js';

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
  @Transform(({ value }: { value: unknown }) => toBoolean(value))
  @IsBoolean({ message: 'rememberMe 必须是 true 或 false' })
  rememberMe?: boolean;
}

export interface OnlineSessionDto {
  key: string;
  userName: string;
  nickName: string;
  dept: string | null;
  browser: string | null;
  ip: string | null;
  loginTime: Date;
  lastAccessTime: Date;
  expiresAt: Date;
  current: boolean;
}
