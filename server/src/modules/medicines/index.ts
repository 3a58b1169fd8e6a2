// The medicines module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { medicinesCsvPath } from './dataset-path';
export { inferPrescriptionStatus, ingredientsOf } from './ingredients';
export { medicinesApi, medicinesService, myMedicinesApi } from './medicines.plugin';
export type { MedicinesService } from './medicines.service';
