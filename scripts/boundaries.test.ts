import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import boundaries from '../eslint.boundaries.js';

/**
 * The walls of eslint.boundaries.js fail on a deliberate violation and let the allowed import through.
 * Only those rules run here (no type information needed), on made-up text placed at real paths.
 */
const eslint = new ESLint({
  cwd: `${import.meta.dirname}/..`,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, plugins: { '@typescript-eslint': tseslint.plugin } },
    ...boundaries,
  ],
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('the module walls (eslint.boundaries.js)', () => {
  it("refuses another module's repo on the server, and lets its service through", async () => {
    const file = 'apps/server/src/modules/holiday/holiday.service.ts';
    expect(await problems(file, "import { findBill } from '../bills/bills.repo';\nfindBill();\n")).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-restricted-imports: .*A module's repo is its own/),
    ]);
    expect(await problems(file, "import { activeUserIds } from '../directory/directory.service';\nactiveUserIds();\n")).toEqual([]);
    expect(await problems(file, "import { x } from './holiday.repo';\nx();\n")).toEqual([]);
  });

  it('refuses SQL outside a repo, and allows it in one', async () => {
    const query = "export const q = (db: Db) => db.selectFrom('bills').selectAll().execute();\n";
    expect(await problems('apps/server/src/modules/bills/bills.service.ts', query)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: SQL belongs in the module's repo/),
    ]);
    expect(await problems('apps/server/src/modules/bills/bills.repo.ts', query)).toEqual([]);
  });

  it('keeps the kernel free of modules', async () => {
    for (const file of [
      'apps/server/src/http/auth.ts',
      'apps/server/src/db/index.ts',
      'apps/server/src/context.ts',
      'apps/server/src/lib/x.ts',
    ]) {
      expect(await problems(file, "import { authenticate } from '../modules/auth/auth.service';\nauthenticate();\n"), file).toEqual([
        expect.stringMatching(/The kernel .* imports no module/),
      ]);
    }
  });

  it('keeps policies pure: no database, no repo functions; row types are fine', async () => {
    const file = 'apps/server/src/modules/bills/bills.policy.ts';
    expect(await problems(file, "import { isHandlerOf } from './bills.repo';\nisHandlerOf();\n")).toEqual([
      expect.stringMatching(/A policy is pure/),
    ]);
    expect(await problems(file, "import { sql } from 'kysely';\nsql();\n")).toEqual([expect.stringMatching(/A policy is pure/)]);
    expect(await problems(file, "import type { BillRow } from './bills.repo';\nexport type X = BillRow;\n")).toEqual([]);
  });

  it('keeps web features from importing each other', async () => {
    const file = 'apps/web/src/features/bills/detail/BillDetailPage.tsx';
    expect(await problems(file, "import { X } from '../../templates/admin/TemplateBasicsFields';\nX();\n")).toEqual([
      expect.stringMatching(/Features do not import each other \(bills → templates\)/),
    ]);
    expect(await problems(file, "import { X } from '../../../features/auth/pages/LoginPage';\nX();\n")).toEqual([
      expect.stringMatching(/Features do not import each other \(bills → auth\)/),
    ]);
    // Its own sub-folders and the shared folders are fine.
    expect(
      await problems(
        file,
        "import { a } from '../edit/edit-path';\nimport { b } from '../../../api/bills';\nimport { c } from '../../../api/auth';\na(b, c);\n",
      ),
    ).toEqual([]);
  });
});
