// The knowledge module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { medquadPath } from './dataset-path';
export { knowledgeService } from './knowledge.plugin';
export type { KnowledgeService } from './knowledge.service';
export type { PassageHit } from './knowledge.types';
export { importMedquad } from './medquad';
export { firstAidPassages } from './own-content';
export { CONDITION_WORDS } from './search-terms';
