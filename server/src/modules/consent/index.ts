// The consent module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { CONSENT_REQUIRED_MESSAGE, type ConsentCheck, type ConsentService } from './consent.service';
export { consentService } from './consent.plugin';
