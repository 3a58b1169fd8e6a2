export * from './problem';
export * from './auth';
