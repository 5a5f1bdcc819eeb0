import { Global, Module } from '@nestjs/common';
import { NoticeService } from './notice.service.js';
import { RealtimeGateway } from './realtime.gateway.js';

/** The live channel (socket.io at /webSocket) and the NoticeService every module may inject. */
@Global()
@Module({ providers: [NoticeService, RealtimeGateway], exports: [NoticeService] })
export class RealtimeModule {}
