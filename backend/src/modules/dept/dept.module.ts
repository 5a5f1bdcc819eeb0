import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeptController } from './dept.controller.js';
import { DeptRepository } from './dept.repository.js';
import { DeptService } from './dept.service.js';
import { Dept } from './dept.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([Dept])], controllers: [DeptController], providers: [DeptService, DeptRepository], exports: [DeptService] })
export class DeptModule {}
