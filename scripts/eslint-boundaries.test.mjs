// The import boundaries of eslint.config.js hold on resolved paths: a relative import across
// features fails as an `@/` one does, and the imports the layers allow pass.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
const web = (file) => path.join(root, 'apps/web/src', file);
const api = (file) => path.join(root, 'apps/api/src', file);

/** The boundary messages ESLint gives `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

/** The import cycles ESLint reports in `code` as if it were the file at `filePath`. */
async function cycleErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => m.message);
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

describe('API import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it.each([
    ['routes/', "import { limited } from '../../routes/common';\nexport const l = limited;\n"],
    ['http/', "import { holdsUnstorableText } from '../../http/security';\nexport const h = holdsUnstorableText;\n"],
    ['jobs/', "import { runPaymentReconciliation } from '../../jobs/reconcile-payments';\nexport const r = runPaymentReconciliation;\n"],
  ])('domain/ importing %s fails', async (_layer, code) => {
    expect(await boundaryErrors(api('domain/giving/boundary-fixture.ts'), code)).toEqual([expect.stringContaining('domain/ no importa routes/, http/ ni jobs/.')]);
  });

  it('platform/ importing domain/ fails', async () => {
    const errors = await boundaryErrors(api('platform/boundary-fixture.ts'), "import { returnUrl } from '../domain/ledger/links';\nexport const r = returnUrl;\n");
    expect(errors).toEqual([expect.stringContaining('platform/ no importa domain/, routes/, http/ ni jobs/.')]);
  });

  it('db/ (schema, client, rows) importing platform/ or domain/ fails', async () => {
    for (const [file, code] of [
      ['db/schema/boundary-fixture.ts', "import { audit } from '../../platform/audit';\nexport const a = audit;\n"],
      ['db/rows.ts', "import { returnUrl } from '../domain/ledger/links';\nexport const r = returnUrl;\n"],
    ]) {
      expect(await boundaryErrors(api(file), code)).toEqual([expect.stringContaining('db/ no importa domain/, platform/, routes/, http/ ni jobs/.')]);
    }
  });

  it.each([
    ['ledger/', 'payments/', 'domain/ledger/boundary-fixture.ts', "import { isSimulated } from '../payments/providers';\nexport const s = isSimulated;\n"],
    ['ledger/', 'monthly/', 'domain/ledger/boundary-fixture.ts', "import { lockGift } from '../monthly/monthly-gifts';\nexport const l = lockGift;\n"],
    ['receipts/', 'giving/', 'domain/receipts/boundary-fixture.ts', "import { receiveWebhook } from '../giving/provider-events';\nexport const r = receiveWebhook;\n"],
  ])('%s importing %s fails', async (_from, _to, file, code) => {
    expect(await boundaryErrors(api(file), code)).toEqual([expect.stringContaining('ledger/ y receipts/ no importan giving/, monthly/ ni payments/.')]);
  });

  it('the imports the layers allow pass: giving/ over payments/ and monthly/, both over the ledger, routes/ over domain/', async () => {
    const giving = [
      "import { applyMonthlyEvent } from '../monthly/provider-events';",
      "import { applyPaymentEvent } from '../payments/settlement';",
      "import { transitionDonation } from '../ledger/transitions';",
      'export const all = [applyMonthlyEvent, applyPaymentEvent, transitionDonation];',
      '',
    ].join('\n');
    expect(await boundaryErrors(api('domain/giving/boundary-fixture.ts'), giving)).toEqual([]);
    const route = "import { receiveWebhook } from '../domain/giving/provider-events';\nexport const r = receiveWebhook;\n";
    expect(await boundaryErrors(api('routes/boundary-fixture.ts'), route)).toEqual([]);
  });

  it('an import cycle fails (import-x/no-cycle): payments/ importing monthly/, which imports payments/', async () => {
    // As if checkouts.ts imported monthly/start.ts again, which imports checkouts.ts.
    const code = "import { openMonthlyCheckout } from '../monthly/start';\nexport const o = openMonthlyCheckout;\n";
    expect(await cycleErrors(api('domain/payments/checkouts.ts'), code)).toEqual([expect.stringContaining('Dependency cycle')]);
    expect(await cycleErrors(api('domain/payments/boundary-fixture.ts'), code)).toEqual([]);
  });
});
