import { Module } from '@nestjs/common';
import { ProductColumnsService } from './product-columns.service.js';
import { ProductColumnController, ProductSettingController } from './products.controller.js';
import { ProductsService } from './products.service.js';

/** Products and their columns (`api/productSetting`, `api/productColumn`); ProductsService serves journals and manuscripts. */
@Module({ controllers: [ProductSettingController, ProductColumnController], providers: [ProductsService, ProductColumnsService], exports: [ProductsService] })
export class ProductsModule {}
