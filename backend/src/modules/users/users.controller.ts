/// <reference types="multer" />
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createReadStream } from 'node:fs';
import { AllowDuringPasswordChange, AllowQueryToken, Authenticated, CurrentUser, Public, RequirePermissions } from '../../common/access/permissions.decorator.js';
import { Log } from '../../common/audit/log.decorator.js';
import type { Principal } from '../../common/auth/principal.js';
import { ParseIdsPipe } from '../../common/http/ids.pipe.js';
import { AvatarDto, CenterDto, CreatedUserDto, EmailCodeQuery, ResetPasswordDto, UpdateEmailDto, UpdatePassDto, UserDto, UserJobDto, UserJobsDto, UserOptionDto, UserQuery, UserUpdateDto, UserWriteDto } from './user.dto.js';
import { UsersService } from './users.service.js';
import { ApiListResponse, ApiPageResponse } from '../../common/http/api-response.js';

const AVATAR_UPLOAD_LIMIT = 20 * 1024 * 1024; // hard cap for the multipart parser; the configured limit is checked in the service

@ApiTags('系统：用户管理')
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @RequirePermissions('user:list')
  @Get()
  @ApiPageResponse(UserDto)
  list(@CurrentUser() me: Principal, @Query() query: UserQuery) {
    return this.users.list(me, query);
  }

  @AllowQueryToken()
  @RequirePermissions('user:list')
  @Get('download')
  download(@CurrentUser() me: Principal, @Query() query: UserQuery): Promise<StreamableFile> {
    return this.users.download(me, query);
  }

  @Authenticated()
  @Get('selectUser')
  @ApiListResponse(UserOptionDto)
  selectUser() {
    return this.users.selectUser();
  }

  @Log('新增用户')
  @RequirePermissions('user:add')
  @Post()
  @ApiCreatedResponse({ type: CreatedUserDto })
  create(@CurrentUser() me: Principal, @Body() dto: UserWriteDto) {
    return this.users.create(me, dto);
  }

  @Log('修改用户')
  @RequirePermissions('user:edit')
  @Put()
  @HttpCode(204)
  update(@CurrentUser() me: Principal, @Body() dto: UserUpdateDto) {
    return this.users.update(me, dto);
  }

  @Log('删除用户')
  @RequirePermissions('user:del')
  @Delete(['', '/'])
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  delete(@CurrentUser() me: Principal, @Body(ParseIdsPipe) ids: number[]) {
    return this.users.delete(me, ids);
  }

  @Log('重置密码')
  @RequirePermissions('user:edit')
  @Put('resetPwd')
  @ApiBody({ schema: { type: 'array', items: { type: 'integer' } } })
  @ApiListResponse(ResetPasswordDto)
  resetPwd(@CurrentUser() me: Principal, @Body(ParseIdsPipe) ids: number[]) {
    return this.users.resetPassword(me, ids);
  }

  @Log('修改个人资料')
  @Authenticated()
  @Put('center')
  @HttpCode(204)
  center(@CurrentUser() me: Principal, @Body() dto: CenterDto) {
    return this.users.updateCenter(me, dto);
  }

  @Log('修改密码')
  @AllowDuringPasswordChange()
  @Authenticated()
  @Post('updatePass')
  @HttpCode(200)
  updatePass(@CurrentUser() me: Principal, @Body() dto: UpdatePassDto) {
    return this.users.updatePassword(me, dto);
  }

  @Log('修改邮箱')
  @Authenticated()
  @Post('updateEmail/:code')
  @HttpCode(200)
  updateEmail(@CurrentUser() me: Principal, @Param('code') code: string, @Body() dto: UpdateEmailDto) {
    return this.users.updateEmail(me, code, dto);
  }

  @Log('修改头像')
  @Authenticated()
  @Post('updateAvatar')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { avatar: { type: 'string', format: 'binary' } } } })
  @UseInterceptors(FileInterceptor('avatar', { limits: { fileSize: AVATAR_UPLOAD_LIMIT, files: 1 } }))
  @ApiOkResponse({ type: AvatarDto })
  updateAvatar(@CurrentUser() me: Principal, @UploadedFile() file: Express.Multer.File | undefined) {
    return this.users.updateAvatar(me, file);
  }

  @Log('修改岗位')
  @Authenticated()
  @Post('updateUserJobs')
  @HttpCode(200)
  updateUserJobs(@CurrentUser() me: Principal, @Body() dto: UserJobsDto) {
    return this.users.updateUserJobs(me, dto.jobs);
  }
}

@ApiTags('系统：用户管理')
@Controller()
export class UserExtrasController {
  constructor(private readonly users: UsersService) {}

  /** Jobs of the current user. */
  @Authenticated()
  @Get('api/job/userJob')
  @ApiListResponse(UserJobDto)
  userJob(@CurrentUser() me: Principal) {
    return this.users.userJobs(me.userId);
  }

  @Authenticated()
  @Post('api/code/resetEmail')
  @HttpCode(200)
  resetEmail(@CurrentUser() me: Principal, @Query() query: EmailCodeQuery) {
    return this.users.sendEmailCode(me, query.email);
  }

  /** Avatar images: public like eladmin's /avatar/**, but names are random and unguessable. */
  @Public()
  @Get('avatar/:name')
  avatar(@Param('name') name: string, @Res({ passthrough: true }) res: Response): StreamableFile {
    const path = this.users.avatarPath(name);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    const ext = name.split('.').pop();
    return new StreamableFile(createReadStream(path), { type: ext === 'jpg' ? 'image/jpeg' : `image/${ext}` });
  }
}
