import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from '../../../common/audit/request-context.js';
import type { Principal } from '../../../common/auth/principal.js';
import { type WopiCall, WopiService } from './wopi.service.js';

type WopiRequest = Request & { wopi?: WopiCall; principal?: Principal };

/**
 * The WOPI routes are public to the login guard (the WOPI client has no login): this guard
 * authenticates them by their access token and proof keys (WopiService.authenticate: 401 / 404)
 * and puts the call on the request — its user as `principal`, so the operation log names who saved.
 */
@Injectable()
export class WopiGuard implements CanActivate {
  constructor(private readonly wopi: WopiService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<WopiRequest>();
    const call = await this.wopi.authenticate(req);
    req.wopi = call;
    req.principal = call.user;
    const store = requestContext.getStore();
    if (store) {
      store.userId = call.user.userId;
      store.username = call.user.username;
    }
    return true;
  }
}

/** The authenticated WOPI call (set by WopiGuard). */
export const CurrentWopiCall = createParamDecorator((_data: unknown, ctx: ExecutionContext): WopiCall => ctx.switchToHttp().getRequest<WopiRequest>().wopi!);
