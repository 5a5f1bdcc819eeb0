import { Module } from '@nestjs/common';
import { UserExtrasController, UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({ controllers: [UsersController, UserExtrasController], providers: [UsersService], exports: [UsersService] })
export class UsersModule {}
