import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MenusController } from './menus.controller.js';
import { MenusRepository } from './menus.repository.js';
import { MenusService } from './menus.service.js';
import { Menu } from './menu.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([Menu])], controllers: [MenusController], providers: [MenusService, MenusRepository], exports: [MenusService] })
export class MenusModule {}
