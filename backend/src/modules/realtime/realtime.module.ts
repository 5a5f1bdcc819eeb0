import { Global, Module } from '@nestjs/common';
import { NoticeService } from './notice.service.js';
import { RealtimeGateway } from './realtime.gateway.js';
import { RealtimeRepository } from './realtime.repository.js';

/** The live channel (socket.io at /webSocket) and the NoticeService every module may inject. */
@Global()
@Module({ providers: [NoticeService, RealtimeRepository, RealtimeGateway], exports: [NoticeService] })
export class RealtimeModule {}
