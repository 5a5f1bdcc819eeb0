import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ProductColumnsService } from './product-columns.service.js';
import { ProductPolicy } from './product.policy.js';
import { ProductColumnController, ProductSettingController } from './products.controller.js';
import { ProductsService } from './products.service.js';
import { ProductColumn, ProductSetting } from './product.entity.js';

/**
 * Products and their columns (`api/productSetting`, `api/productColumn`); ProductsService serves journals and
 * manuscripts, ProductPolicy says who may write a product's journals.
 */
@Module({ imports: [TypeOrmModule.forFeature([ProductColumn, ProductSetting])], controllers: [ProductSettingController, ProductColumnController], providers: [ProductsService, ProductColumnsService, ProductPolicy], exports: [ProductsService, ProductPolicy] })
export class ProductsModule {}
