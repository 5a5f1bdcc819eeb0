import { ApiDateTime, ApiInt, ApiNullableString, AuditFieldsDto, IdNameDto } from '../../common/http/api-response.js';
import { BooleanField, RecordId, auditFields } from '../../common/http/dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { BooleanFilter, DateRangeFilter, IdFilter, ListQuery, TrimmedFilter } from '../../common/http/list-query.js';
import { IsEmailAddress } from '../../common/http/validation.js';
import type { User } from './user.entity.js';
import { IntInput } from '../../common/http/numbers.js';

/** `{id}` relation stub of the wire contract. */
export class IdRef {
  @RecordId()
  id: number;
}

export const PHONE_PATTERN = /^1[34578]\d{9}$/;

/**
 * A phone number sent as a JSON number (`"phone": 13911112222`, as some clients do) is read as its
 * digits; the pattern then decides. Other values pass unchanged to the validators.
 */
const PhoneDigits = () => Transform(({ value }: { value: unknown }) => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value));

export class UserQuery extends ListQuery {
  @ApiPropertyOptional({ description: '用户名、昵称或邮箱模糊搜索' })
  @TrimmedFilter()
  blurry?: string;

  @ApiPropertyOptional({ description: '部门（含下级启用部门）' })
  @IdFilter()
  deptId?: number;

  @ApiPropertyOptional()
  @BooleanFilter()
  @IsBoolean({ message: 'enabled 必须是 true 或 false' })
  enabled?: boolean;

  @ApiPropertyOptional({ type: [String], description: '创建时间范围：开始,结束' })
  @DateRangeFilter()
  createTime?: [Date, Date];

  @ApiPropertyOptional()
  @IdFilter()
  id?: number;
}

export class UserWriteDto {
  @ApiProperty({ description: '用户名' })
  @IsString({ message: '用户名必须是字符串' })
  @IsNotEmpty({ message: '用户名不能为空' })
  @MaxLength(64, { message: '用户名不能超过 64 个字符' })
  @Matches(/^[A-Za-z0-9_.@-]+$/, { message: '用户名只能包含字母、数字和 _ . @ -' })
  username: string;

  @ApiProperty({ description: '昵称' })
  @IsString({ message: '昵称必须是字符串' })
  @IsNotEmpty({ message: '昵称不能为空' })
  @MaxLength(64, { message: '昵称不能超过 64 个字符' })
  nickName: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsEmailAddress('邮箱格式不正确')
  @MaxLength(128, { message: '邮箱不能超过 128 个字符' })
  email?: string | null;

  @ApiPropertyOptional({ description: '手机号码' })
  @IsOptional()
  @PhoneDigits()
  @Matches(PHONE_PATTERN, { message: '请输入正确的11位手机号码' })
  phone?: string | null;

  @ApiPropertyOptional({ enum: ['男', '女'] })
  @IsOptional()
  @IsIn(['男', '女'], { message: '性别只能是 男 或 女' })
  gender?: string | null;

  @ApiProperty()
  @BooleanField('状态')
  enabled: boolean;

  @ApiPropertyOptional({ type: IdRef })
  @IsOptional()
  @IsObject({ message: '部门格式不正确' }) // one {id}: an array would pass the nested check empty
  @ValidateNested()
  @Type(() => IdRef)
  dept?: IdRef | null;

  @ApiProperty({ type: [IdRef] })
  @IsArray({ message: '角色必须是数组' })
  @ArrayMaxSize(100, { message: '角色数量超出限制' })
  @ValidateNested({ each: true })
  @Type(() => IdRef)
  roles: IdRef[];

  @ApiPropertyOptional({ type: [IdRef] })
  @IsOptional()
  @IsArray({ message: '岗位必须是数组' })
  @ArrayMaxSize(100, { message: '岗位数量超出限制' })
  @ValidateNested({ each: true })
  @Type(() => IdRef)
  jobs?: IdRef[];
}

export class UserUpdateDto extends UserWriteDto {
  @RecordId()
  id: number;
}

export class CenterDto {
  @ApiProperty()
  @IntInput()
  @IsInt({ message: 'id 必须是整数' })
  id: number;

  @ApiProperty()
  @IsString({ message: '昵称必须是字符串' })
  @IsNotEmpty({ message: '昵称不能为空' })
  @MaxLength(64, { message: '昵称不能超过 64 个字符' })
  nickName: string;

  @ApiPropertyOptional()
  @IsOptional()
  @PhoneDigits()
  @Matches(PHONE_PATTERN, { message: '请输入正确的11位手机号码' })
  phone?: string | null;

  @ApiPropertyOptional({ enum: ['男', '女'] })
  @IsOptional()
  @IsIn(['男', '女'], { message: '性别只能是 男 或 女' })
  gender?: string | null;
}

export class UpdatePassDto {
  @ApiProperty({ description: 'RSA 加密的旧密码' })
  @IsString({ message: '旧密码不能为空' })
  @IsNotEmpty({ message: '旧密码不能为空' })
  @MaxLength(1024, { message: '旧密码格式不正确' })
  oldPass: string;

  @ApiProperty({ description: 'RSA 加密的新密码' })
  @IsString({ message: '新密码不能为空' })
  @IsNotEmpty({ message: '新密码不能为空' })
  @MaxLength(1024, { message: '新密码格式不正确' })
  newPass: string;
}

export class UpdateEmailDto {
  @ApiProperty({ description: 'RSA 加密的当前密码' })
  @IsString({ message: '密码不能为空' })
  @IsNotEmpty({ message: '密码不能为空' })
  @MaxLength(1024, { message: '密码格式不正确' })
  password: string;

  @ApiProperty()
  @IsEmailAddress('邮箱格式不正确')
  @MaxLength(128, { message: '邮箱不能超过 128 个字符' })
  email: string;
}

export class EmailCodeQuery {
  @ApiProperty({ description: '新邮箱：验证码发往此地址，且只能用于此地址' })
  @IsEmailAddress('邮箱格式不正确')
  email: string;
}

export class UserJobsDto {
  @ApiProperty({ type: [Number], description: '岗位 id 列表' })
  @IsArray({ message: 'jobs 必须是数组' })
  @ArrayMaxSize(100, { message: '岗位数量超出限制' })
  @IsInt({ each: true, message: '岗位 id 必须是整数' })
  jobs: number[];
}

export class UserDeptRef extends IdNameDto {
  @ApiInt({ nullable: true, description: '上级部门 id' })
  pid: number | null;
}

export class UserRoleRef extends IdNameDto {
  @ApiInt({ description: '角色级别（小 = 高）' })
  level: number;

  @ApiProperty({ enum: ['全部', '本级', '自定义'] })
  dataScope: string;
}

export class UserDto extends AuditFieldsDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  username: string;

  @ApiProperty()
  nickName: string;

  @ApiNullableString()
  email: string | null;

  @ApiNullableString()
  phone: string | null;

  @ApiNullableString('男 / 女')
  gender: string | null;

  @ApiNullableString()
  avatarName: string | null;

  @ApiProperty()
  enabled: boolean;

  @ApiDateTime({ nullable: true, description: '最近一次修改密码的时间' })
  pwdResetTime: Date | null;

  @ApiProperty({ type: () => UserDeptRef, nullable: true })
  dept: UserDeptRef | null;

  @ApiProperty({ type: () => [UserRoleRef] })
  roles: UserRoleRef[];

  @ApiProperty({ type: () => [IdNameDto] })
  jobs: IdNameDto[];
}

/** `POST api/users`: the new user and, this once, the initial password to hand over. */
export class CreatedUserDto extends UserDto {
  @ApiProperty({ description: '初始密码（只显示这一次）' })
  initialPassword: string;
}

/** `PUT api/users/resetPwd`: one entry per reset account, with its new initial password (shown once). */
export class ResetPasswordDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  username: string;

  @ApiProperty({ description: '新的初始密码（只显示这一次）' })
  initialPassword: string;
}

/** `GET api/users/selectUser`: the users a picker offers. */
export class UserOptionDto {
  @ApiInt()
  id: number;

  @ApiProperty()
  username: string;

  @ApiProperty()
  nickName: string;

  @ApiProperty({ type: () => IdNameDto, nullable: true })
  dept: IdNameDto | null;
}

/** `GET api/job/userJob`: the caller's jobs. */
export class UserJobDto extends IdNameDto {
  @ApiInt()
  jobSort: number;

  @ApiProperty()
  enabled: boolean;
}

/** `POST api/users/updateAvatar`: the stored avatar's file name. */
export class AvatarDto {
  @ApiProperty()
  avatar: string;
}

/** The only way a user leaves the service: never a password hash, never isAdmin. */
export function toUserDto(u: User): UserDto {
  return {
    id: u.id,
    username: u.username,
    nickName: u.nickName,
    email: u.email,
    phone: u.phone,
    gender: u.gender,
    avatarName: u.avatarName,
    enabled: u.enabled,
    pwdResetTime: u.pwdResetTime,
    dept: u.dept ? { id: u.dept.id, name: u.dept.name, pid: u.dept.pid } : null,
    // Stable order: highest rank first, then by id (the join table has no order of its own).
    roles: [...(u.roles ?? [])].sort((a, b) => a.level - b.level || a.id - b.id).map((r) => ({ id: r.id, name: r.name, level: r.level, dataScope: r.dataScope })),
    jobs: [...(u.jobs ?? [])].sort((a, b) => a.jobSort - b.jobSort || a.id - b.id).map((j) => ({ id: j.id, name: j.name })),
    ...auditFields(u),
  };
}
