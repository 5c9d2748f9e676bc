import type { Linter } from 'eslint';

/** The boundary rules of eslint.boundaries.js, typed for scripts/boundaries.test.ts. */
declare const boundaries: Linter.Config[];
export default boundaries;
