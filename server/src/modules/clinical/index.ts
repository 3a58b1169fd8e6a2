// The clinical module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
// Clinical rules, guidelines and validated scores: pure functions the assessments module runs.
export { bloodTestNextStepOf } from './guidelines/blood-test-steps';
export { applyGuidelines, guidelinesIn, nextStepOf, overridingOf, titleInSentence } from './guidelines/guidelines';
export { interpretBloodTest, interpretBloodTestRules, show } from './rules/blood-test';
export { assessKidneyStone, kidneyStoneHeadlineOf, kidneyStoneRoutineStepOf } from './rules/kidney-stone';
export { inHundredText, scoresFor, timeframeHeadingIn, type ScoreSet } from './scores/scores';
