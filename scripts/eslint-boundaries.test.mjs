// The import boundaries of eslint.config.js hold on resolved paths: a relative import across
// features fails as an `@/` one does, and the imports the layers allow pass.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
const web = (file) => path.join(root, 'apps/web/src', file);

/** The boundary messages ESLint gives `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it.each([
    ['a relative path', "import { memberKeys } from '../../member/api/keys';"],
    ['the @/ alias', "import { memberKeys } from '@/features/member/api/keys';"],
  ])('a feature importing another feature through %s fails', async (_how, code) => {
    const errors = await boundaryErrors(web('features/admin/api/boundary-fixture.ts'), `${code}\nexport const k = memberKeys;\n`);
    expect(errors).toEqual([expect.stringContaining('Una feature no importa otra feature.')]);
  });

  it('a feature importing its own files, components/ and lib/ passes', async () => {
    const code = [
      "import { adminKeys } from './keys';",
      "import { Button } from '@/components/button';",
      "import { paths } from '../../../lib/paths';",
      'export const all = [adminKeys, Button, paths];',
      '',
    ].join('\n');
    expect(await boundaryErrors(web('features/admin/api/boundary-fixture.ts'), code)).toEqual([]);
  });

  it('a feature importing app/ fails', async () => {
    const errors = await boundaryErrors(web('features/admin/api/boundary-fixture.ts'), "import { routes } from '../../../app/router';\nexport const r = routes;\n");
    expect(errors).toEqual([expect.stringContaining('Las features no importan app/.')]);
  });

  it('lib/ importing a feature fails, relative or not', async () => {
    for (const code of ["import { memberKeys } from '../features/member/api/keys';", "import { memberKeys } from '@/features/member/api/keys';"]) {
      const errors = await boundaryErrors(web('lib/boundary-fixture.ts'), `${code}\nexport const k = memberKeys;\n`);
      expect(errors).toEqual([expect.stringContaining('components/ y lib/ no importan features/ ni app/.')]);
    }
  });

  it('the web importing the API fails, by relative path or package name', async () => {
    for (const code of ["import { config } from '../../../api/src/config';", "import { config } from '@donaciones/api/src/config';"]) {
      const errors = await boundaryErrors(web('lib/boundary-fixture.ts'), `${code}\nexport const c = config;\n`);
      expect(errors).toEqual([expect.stringContaining('La web solo usa el contrato de @donaciones/shared.')]);
    }
  });

  it('app/ may import features', async () => {
    const code = "import { memberKeys } from '@/features/member/api/keys';\nexport const k = memberKeys;\n";
    expect(await boundaryErrors(web('app/boundary-fixture.ts'), code)).toEqual([]);
  });
});
