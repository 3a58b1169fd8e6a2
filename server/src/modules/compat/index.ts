// The compat module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { compatApi, imagingCompatApi, medicinesCompatApi } from './compat.plugin';
