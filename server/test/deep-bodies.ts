/** Bodies nested far too deeply (a 20 KB body 10,000 brackets deep once ended as a 500: a recursive walk). */
export const DEEP_BODIES = [
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  `{"text":${'['.repeat(40)}"x"${']'.repeat(40)}}`,
];
