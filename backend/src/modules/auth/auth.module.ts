import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AuthController, CasController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';

@Module({ imports: [UsersModule], controllers: [AuthController, CasController], providers: [AuthService, CaptchaService] })
export class AuthModule {}
