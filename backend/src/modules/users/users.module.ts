import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeptModule } from '../dept/index.js';
import { JobsModule } from '../jobs/index.js';
import { RolesModule } from '../roles/index.js';
import { UserExtrasController, UsersController } from './users.controller.js';
import { LoginLockout } from './login-lockout.service.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import { LoginAttempt } from './login-attempt.entity.js';
import { User } from './user.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([User, LoginAttempt]), DeptModule, JobsModule, RolesModule], controllers: [UsersController, UserExtrasController], providers: [UsersService, UsersRepository, LoginLockout], exports: [UsersService, LoginLockout] })
export class UsersModule {}
