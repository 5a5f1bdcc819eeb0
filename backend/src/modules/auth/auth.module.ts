import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AccessKeysController, AuthController, CasController } from './auth.controller.js';
import { AccessKeysService } from './access-keys.service.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';

@Module({ imports: [UsersModule], controllers: [AuthController, AccessKeysController, CasController], providers: [AuthService, CaptchaService, AccessKeysService] })
export class AuthModule {}
