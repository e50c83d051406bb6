// A donation made from a bank credit no pending deposit explains (docs/product.md#bank-deposits): someone
// deposited without registering the gift first. Staff type who gave; the amount and the date are the line's;
// the donation is recorded as a bank deposit and completed at once through the ledger's own approval (receipt,
// audit, the donor's email), and the line counts as its match, so the movement confirms nothing else. As in
// staff gift entry, its receipt needs a NIT or CUI from Q2,500, it is never attached silently to a donor of
// another name, and it is dated the day the bank credited it (received_on), not the day it was registered.
import { and, eq } from 'drizzle-orm';
import { bankStatementsMessages } from '@donaciones/shared/messages/bank-statements';
import { giftEntryMessages } from '@donaciones/shared/messages/gift-entry';
import { taxIdMessages } from '@donaciones/shared/messages/tax-id';
import { parseTaxId } from '@donaciones/shared/tax-id';
import type { StatementImport, StatementLineDonation } from '@donaciones/shared/schemas/bank-statements';
import type { Database } from '../../../db/client';
import { bankStatementLines } from '../../../db/schema';
import { conflict, fieldError, notFound } from '../../../errors';
import { bankStatementMessages as m } from '../../../messages/bank-statements';
import { type Actor, audit } from '../../../platform/audit';
import { anotherDonorOf } from '../../donors/match';
import { insertDonation, transitionDonation } from '../../ledger/transitions';
import { DEPOSIT_PROVIDER } from '../../payments/providers';
import { assertMovementOpen } from './reconciliation';
import { currentImport, statementImport } from './import-view';
import { confirmLineAs, creditedAt } from './line-confirmation';

const v = bankStatementsMessages.validation;

export async function donationFromLine(
  db: Database,
  input: { importId: number; lineId: number; donor: StatementLineDonation; actor: Actor; ip?: string | null },
): Promise<StatementImport> {
  // Reading the import first works its proposals out again if deposits changed: the line's state is current.
  await currentImport(db, input.importId);
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.id, input.lineId), eq(bankStatementLines.importId, input.importId)))
      .for('update');
    if (!line) throw notFound(m.notFound);
    if (line.matchState === 'confirmed') throw conflict(m.alreadyConfirmed);
    // A line that fits a pending deposit pays that deposit; a second donation would count its money twice.
    if (line.matchState !== 'unmatched') throw conflict(m.lineHasCandidates);
    await assertMovementOpen(tx, line.movementKey);
    const taxId = parseTaxId(input.donor.donor_nit ?? '', line.creditCents, 'GTQ');
    if (!taxId.ok) throw fieldError('donor_nit', taxId.message === taxIdMessages.cfNotAllowed ? giftEntryMessages.cfNotAllowed : taxId.message);
    const other = await anotherDonorOf(tx, { name: input.donor.donor_name, email: input.donor.donor_email, taxId: taxId.value });
    if (other?.by === 'email') throw fieldError('donor_email', v.emailOfAnotherDonor(other.name));
    if (other) throw fieldError('donor_nit', v.taxIdOfAnotherDonor(other.name));
    const pending = await insertDonation(tx, {
      donorName: input.donor.donor_name,
      donorEmail: input.donor.donor_email,
      donorNit: taxId.value,
      donorTaxIdKind: taxId.kind,
      amountCents: line.creditCents,
      currency: 'GTQ',
      donationType: 'monetary',
      description: m.lineDonationDescription(line.lineNumber),
      source: 'service',
      paymentMethod: 'bank_deposit',
      paymentProvider: DEPOSIT_PROVIDER,
      createdAt: creditedAt(line),
      receivedOn: line.postedOn,
    });
    const donation = await transitionDonation(tx, { id: pending.id, action: 'approve', actor: input.actor, ip: input.ip });
    await confirmLineAs(tx, line, donation.id, input.actor);
    await audit(tx, {
      actor: input.actor,
      action: 'bank_statement.donation',
      entityType: 'bank_statement',
      entityId: input.importId,
      details: { line_id: line.id, line_number: line.lineNumber, donation_id: donation.id, reference: donation.referenceCode, amount_cents: line.creditCents },
      ip: input.ip,
    });
  });
  return statementImport(db, input.importId);
}
