import { Module } from '@nestjs/common';
import { UserExtrasController, UsersController } from './users.controller.js';
import { LoginLockout } from './login-lockout.service.js';
import { UsersService } from './users.service.js';

@Module({ controllers: [UsersController, UserExtrasController], providers: [UsersService, LoginLockout], exports: [UsersService, LoginLockout] })
export class UsersModule {}
