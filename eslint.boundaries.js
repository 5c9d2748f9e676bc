// The walls between the parts of the code (issue 12, docs/ARCHITECTURE.md "Boundaries"), as lint rules so
// that a wall broken by a new import fails `npm run lint`. scripts/boundaries.test.ts proves each rule fails on a
// deliberate violation. Kept apart from eslint.config.js so that the test can load just these rules.
import fs from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;
const SERVER = 'apps/server/src';
const WEB_FEATURES = 'apps/web/src/features';

const subfolders = (folder) =>
  fs
    .readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const notTests = ['**/*.test.ts', '**/*.test.tsx', '**/test-support.ts'];

const REPO_MESSAGE =
  "A module's repo is its own: ask the owning module's service (people, departments, roles and jobs: modules/directory).";
const KERNEL_MESSAGE = 'The kernel (http, db, flow, context, config, lib) imports no module: a module registers itself from app.ts.';

/** Another module's repo, from inside modules/ ('../bills/bills.repo') or from outside it ('../modules/bills/bills.repo'). */
const otherRepos = { group: ['../*/*.repo', '**/modules/*/*.repo'], message: REPO_MESSAGE };

export default [
  {
    // SQL has one home per module. The demo seed (src/seed) writes rows as the product would, at times it
    // chooses, which no public API offers: it is a fixture, not a module, and may reach a repo.
    files: [`${SERVER}/**/*.ts`],
    ignores: [...notTests, `${SERVER}/seed/**`],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [otherRepos] }],
    },
  },
  {
    files: [`${SERVER}/{http,db,flow,lib}/**/*.ts`, `${SERVER}/context.ts`, `${SERVER}/config.ts`],
    ignores: notTests,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**', '**/seed/**'], message: KERNEL_MESSAGE }] },
      ],
    },
  },
  {
    // A policy decides from facts its service gives it: no database, no repo functions (row types are fine).
    files: [`${SERVER}/modules/**/*.policy.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            otherRepos,
            {
              group: ['./*.repo', '**/db/index', 'kysely', 'kysely/*'],
              allowTypeImports: true,
              message: 'A policy is pure: its service looks the facts up and passes them in.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's SQL lives in its repo (STYLE "A new area moves in").
    files: [`${SERVER}/modules/**/*.ts`],
    ignores: [...notTests, '**/*.repo.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|selectNoFrom)$/]',
          message: "SQL belongs in the module's repo (<module>.repo.ts).",
        },
      ],
    },
  },
  // Web features do not import each other: what two features share lives in components/, api/ or utils/.
  ...subfolders(WEB_FEATURES).map((feature) => ({
    files: [`${WEB_FEATURES}/${feature}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: subfolders(WEB_FEATURES)
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [`**/features/${other}`, `**/features/${other}/**`, `../${other}/**`, `../../${other}/**`, `../../../${other}/**`],
              message: `Features do not import each other (${feature} → ${other}): move what both need to components/, api/ or utils/.`,
            })),
        },
      ],
    },
  })),
];
