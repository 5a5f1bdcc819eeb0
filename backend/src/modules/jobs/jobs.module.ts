import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JobsController } from './jobs.controller.js';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';
import { Job } from './job.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([Job])], controllers: [JobsController], providers: [JobsService, JobsRepository], exports: [JobsService] })
export class JobsModule {}
