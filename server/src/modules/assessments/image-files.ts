import path from 'node:path';
import { createWebpFiles } from '../../lib/webp-files';

/** Only names we generate: a UUID and .webp. Anything else is not ours, and never touches the file system. */
export const ASSESSMENT_IMAGE_PATTERN = /^[0-9a-f-]{36}\.webp$/;

/**
 * The pictures kept with signed-in users' image assessments, under DATA_DIR/uploads/assessments/, re-encoded
 * (never the uploaded bytes). The assessment row holds the file name; only its owner can read it.
 */
export function createAssessmentImageFiles(dataDir: string) {
  return createWebpFiles(path.join(dataDir, 'uploads', 'assessments'), ASSESSMENT_IMAGE_PATTERN, 'an assessment image');
}
export type AssessmentImageFiles = ReturnType<typeof createAssessmentImageFiles>;
