// The organisation's bank accounts (docs/product.md#bank-deposits): kept in the settings entry
// `bankAccounts`, edited by staff, the visible ones shown on the deposit instructions and the email.
import { eq } from 'drizzle-orm';
import type { BankAccount, BankAccountsSettings } from '@donaciones/shared/schemas/deposits';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';
import { getSettings, putSettings } from '../../platform/settings';

/**
 * The demo's two accounts, held by the demo organisation; written only while the entry was never
 * saved by staff and is empty, so a second start or an admin's edit is never overwritten. The
 * numbers are made up for the demo.
 */
export async function seedDemoBankAccounts(db: Db): Promise<void> {
  const [row] = await db.select({ updatedBy: settings.updatedBy }).from(settings).where(eq(settings.key, 'bankAccounts')).limit(1);
  const current = await getSettings(db, 'bankAccounts');
  if (current.accounts.length > 0 || row?.updatedBy) return;
  const { name } = await getSettings(db, 'organization');
  const accounts: BankAccount[] = [
    { id: 'banrural-monetaria', bank: 'Banrural', accountType: 'monetaria', number: '3-033-01234-5', holder: name, hidden: false, sortOrder: 0 },
    { id: 'bi-monetaria', bank: 'Banco Industrial (BI)', accountType: 'monetaria', number: '000-123456-7', holder: name, hidden: false, sortOrder: 1 },
  ];
  await putSettings(db, 'bankAccounts', { accounts } satisfies BankAccountsSettings);
}
