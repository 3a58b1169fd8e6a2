// The assessments module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { assessmentsApi, assessmentsService, imageAssessmentsApi, imageAssessmentsService } from './assessments.plugin';
export {
  headlineOf,
  normalisedValuesError,
  type AssessmentInputs,
  type AssessmentService,
} from './assessments.service';
export { isHeatmapShown } from './heatmap-checks';
export { readImageUpload, registerImageUploads } from './image-assessments.routes';
export type { ImageAssessmentService } from './image-assessments.service';
export type { UploadStoreKind } from './image-files';
export { decodeImage, toModelPixels } from './image-input';
export { displayValueOf, riskHeadlineOf } from './risk';
export { bloodTestHeadlineIn } from './result-language';
