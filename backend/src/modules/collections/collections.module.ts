import { Module } from '@nestjs/common';
import { CollectionsController } from './collections.controller.js';
import { CollectionsRepository } from './collections.repository.js';
import { CollectionsService } from './collections.service.js';

@Module({ controllers: [CollectionsController], providers: [CollectionsService, CollectionsRepository] })
export class CollectionsModule {}
