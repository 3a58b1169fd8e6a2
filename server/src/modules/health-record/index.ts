// The health-record module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { factorLines, resultLines } from './describe-assessment';
export { healthRecordApi, healthRecordService } from './health-record.plugin';
