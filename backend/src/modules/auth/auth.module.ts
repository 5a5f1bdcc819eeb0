import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/index.js';
import { AccessKeysController, AuthController, CasController } from './auth.controller.js';
import { AccessKeysService } from './access-keys.service.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { CaptchaService } from './captcha.service.js';
import { LoginThrottle } from './login-throttle.js';
import { AccessKey, AuthHandoff } from './auth.entities.js';

@Module({ imports: [TypeOrmModule.forFeature([AccessKey, AuthHandoff]), UsersModule], controllers: [AuthController, AccessKeysController, CasController], providers: [AuthRepository, AuthService, CaptchaService, AccessKeysService, LoginThrottle] })
export class AuthModule implements NestModule {
  constructor(private readonly throttle: LoginThrottle) {}

  /** The per-address throttle runs before the guard and the handler (login and key login share one counter). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(this.throttle.login).forRoutes({ path: 'auth/login', method: RequestMethod.POST }, { path: 'auth/keyLogin', method: RequestMethod.POST });
    consumer.apply(this.throttle.code).forRoutes({ path: 'auth/code', method: RequestMethod.GET });
  }
}
