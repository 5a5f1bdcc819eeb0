import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductColumnsService } from './product-columns.service.js';
import { ProductPolicy } from './product.policy.js';
import { ProductColumnController, ProductSettingController } from './products.controller.js';
import { ProductsRepository } from './products.repository.js';
import { ProductsService } from './products.service.js';
import { DeptModule } from '../dept/index.js';
import { StorageModule } from '../storage/index.js';
import { UsersModule } from '../users/index.js';
import { ProductColumn, ProductSetting } from './product.entity.js';

/**
 * Products and their columns (`api/productSetting`, `api/productColumn`); ProductsService serves journals and
 * manuscripts, ProductPolicy says who may write a product's journals.
 */
@Module({ imports: [TypeOrmModule.forFeature([ProductColumn, ProductSetting]), DeptModule, StorageModule, UsersModule], controllers: [ProductSettingController, ProductColumnController], providers: [ProductsRepository, ProductsService, ProductColumnsService, ProductPolicy], exports: [ProductsService, ProductPolicy] })
export class ProductsModule {}
