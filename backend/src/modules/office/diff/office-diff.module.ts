import { Module } from '@nestjs/common';

/**
 * The text diff of two .docx versions of a target (`GET api/office/diff`, docs/office-design.md §4.9;
 * piece 4), on the Word library's text extraction (`common/docx`). It imports OfficeCoreModule
 * (OfficeTargets for the versions and the read rules).
 */
@Module({})
export class OfficeDiffModule {}
