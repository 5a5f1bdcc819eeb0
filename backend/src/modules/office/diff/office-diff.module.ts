import { Module } from '@nestjs/common';
import { StorageModule } from '../../storage/index.js';
import { OfficeCoreModule } from '../office-core.module.js';
import { OfficeDiffController } from './office-diff.controller.js';
import { OfficeDiffService } from './office-diff.service.js';

/**
 * The text diff of two .docx versions of a target (`GET api/office/diff`, docs/office-design.md §4.9;
 * piece 4), on the Word library's text extraction (`common/docx`). It imports OfficeCoreModule
 * (OfficeTargets for the versions and the read rules).
 */
@Module({
  imports: [OfficeCoreModule, StorageModule],
  controllers: [OfficeDiffController],
  providers: [OfficeDiffService],
})
export class OfficeDiffModule {}
