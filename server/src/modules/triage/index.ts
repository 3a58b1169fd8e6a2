// The triage module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { triageApi, triageRecordsApi, triageRecordsService, triageService } from './triage.plugin';
