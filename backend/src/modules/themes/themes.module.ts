import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ThemesController } from './themes.controller.js';
import { ThemesRepository } from './themes.repository.js';
import { ThemesService } from './themes.service.js';
import { NewsTheme } from './theme.entity.js';

@Module({ imports: [TypeOrmModule.forFeature([NewsTheme])], controllers: [ThemesController], providers: [ThemesService, ThemesRepository], exports: [ThemesService] })
export class ThemesModule {}
