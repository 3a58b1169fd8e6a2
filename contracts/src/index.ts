export * from './problem';
export * from './auth';
export * from './compat';
export * from './findings';
export * from './clinical-fields';
export * from './catalogue';
export * from './blood-test';
export * from './kidney-stone';
