import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassifyController } from './classify.controller.js';
import { ClassifyRepository } from './classify.repository.js';
import { ClassifyService } from './classify.service.js';
import { NewsClassify } from './classify.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([NewsClassify])], controllers: [ClassifyController], providers: [ClassifyService, ClassifyRepository], exports: [ClassifyService] })
export class ClassifyModule {}
