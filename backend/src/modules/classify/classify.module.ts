import { Module } from '@nestjs/common';
import { ClassifyController } from './classify.controller.js';
import { ClassifyService } from './classify.service.js';

@Module({ controllers: [ClassifyController], providers: [ClassifyService], exports: [ClassifyService] })
export class ClassifyModule {}
