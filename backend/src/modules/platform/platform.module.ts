import { Module } from '@nestjs/common';
import { CollectionWebsiteLinksController, PlatformController } from './platform.controller.js';
import { PlatformService } from './platform.service.js';

@Module({ controllers: [PlatformController, CollectionWebsiteLinksController], providers: [PlatformService] })
export class PlatformModule {}
