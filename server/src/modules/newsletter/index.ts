// The newsletter module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { createNewsletterRepository } from './newsletter.repository';
export { newsletterApi, newsletterService } from './newsletter.plugin';
