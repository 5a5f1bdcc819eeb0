import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NewsCollect } from './collection.entity.js';
import { CollectionsController } from './collections.controller.js';
import { CollectionsRepository } from './collections.repository.js';
import { CollectionsService } from './collections.service.js';

@Module({ imports: [TypeOrmModule.forFeature([NewsCollect])], controllers: [CollectionsController], providers: [CollectionsService, CollectionsRepository] })
export class CollectionsModule {}
