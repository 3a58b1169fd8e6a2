// The feedback module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { feedbackApi, feedbackService } from './feedback.plugin';
export { FEEDBACK_THANKS_MESSAGE, type FeedbackService } from './feedback.service';
