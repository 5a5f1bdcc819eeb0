import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeptModule } from '../dept/index.js';
import { MenusModule } from '../menus/index.js';
import { RolesController } from './roles.controller.js';
import { RolesRepository } from './roles.repository.js';
import { RolesService } from './roles.service.js';
import { Role } from './role.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([Role]), DeptModule, MenusModule], controllers: [RolesController], providers: [RolesService, RolesRepository], exports: [RolesService] })
export class RolesModule {}
