// The public checkout's server side (docs/product.md#public-donation-flow): records a pending monetary donation, once per
// idempotency key. With the simulated provider the ledger processes it later; with a real provider a
// checkout is opened here and the browser goes to pay on the provider's page (docs/product.md#payments).
import { fromCents, toCents } from '@donaciones/shared/format';
import { donateMessages } from '@donaciones/shared/messages/donate';
import { depositMessages } from '@donaciones/shared/messages/deposits';
import { publicBankAccounts } from '@donaciones/shared/schemas/deposits';
import { errorMessages } from '../../messages/errors';
import type { PublicDonation, PublicDonationResponse } from '@donaciones/shared/schemas/donate';
import { coverFeesCents, toQuetzalCents } from '@donaciones/shared/schemas/payments';
import { checkoutTaxIdMessage, parseTaxId } from '@donaciones/shared/tax-id';
import type { Database, Db } from '../../db/client';
import { paymentMessages } from '../../messages/payments';
import { monthlyApiMessages } from '../../messages/monthly';
import { PaymentDeclinedError, fieldError, serviceUnavailable } from '../../errors';
import { type Actor, audit } from '../../platform/audit';
import { assertAmountWithinBounds } from './amount-bounds';
import { withIdempotency, requestHash, type StoredAnswer } from './idempotency';
import { type DonationRow, insertDonation } from '../ledger/transitions';
import { verifiedAccountOf } from '../ledger/donor-role';
import { type PaymentContext, openCheckout } from '../payments/checkouts';
import { DEPOSIT_PROVIDER, cardProviderName } from '../payments/providers';
import { FAILING_TEST_CARDS } from '../payments/simulated/simulated';
import { openMonthlyCheckout, startMonthlyGift } from '../monthly/start';
import { enqueueDepositInstructions } from '../deposits/deposits';
import { getSettings } from '../../platform/settings';
import { checkoutDesignation } from '../content/designation';
import type { SignedLinks } from '../../platform/signed-links';

export const DONATE_SCOPE = 'donate';

export interface DonateInput {
  body: PublicDonation;
  idempotencyKey: string;
  /** The signed-in caller, when a valid bearer token was sent. */
  actor: Actor | null;
  ip?: string | null;
  /** The real provider and the public URL its checkout returns to; null with the simulated provider. */
  payments: PaymentContext | null;
  /** Signs the slip upload link of a bank deposit (docs/product.md#bank-deposits). */
  links: SignedLinks;
}

/** What is refused before anything is recorded: a deposit's impossible options, the demo's missing or declining card. */
function refuseAtOnce(body: PublicDonation, payments: PaymentContext | null): void {
  if (body.paymentMethod === 'bank_deposit') {
    // A deposit is one transfer of the exact amount: no card, no card fee, no monthly charge.
    if (body.frequency === 'monthly') throw fieldError('paymentMethod', depositMessages.depositNotMonthly);
    if (body.coverFees) throw fieldError('coverFees', depositMessages.depositNoFee);
  } else if (!payments) {
    if (!body.cardLast4) throw fieldError('cardLast4', paymentMessages.cardRequiredSimulated);
    if (!body.cardBrand) throw fieldError('cardBrand', paymentMessages.cardRequiredSimulated);
    // The demo's declining test cards fail at once, with their reason, and record nothing.
    const declined = FAILING_TEST_CARDS[body.cardLast4];
    if (declined) throw new PaymentDeclinedError(declined, { cardNumber: declined });
  }
}

/** The amounts to charge and the donor's tax id, once the settings' rules pass (in the checkout's transaction). */
async function chargeOf(tx: Db, body: PublicDonation) {
  const system = await getSettings(tx, 'system');
  if (system.maintenance_mode) throw serviceUnavailable(errorMessages.maintenance);
  const giftCents = toCents(body.amount);
  // Dollars and covered fees need the staff's payment settings; a plain quetzal gift does not.
  const pay = body.currency !== 'GTQ' || body.coverFees ? await getSettings(tx, 'payments') : null;
  // The bounds are in quetzales: a gift in dollars is compared by its quetzal value (the same rule as staff entry).
  await assertAmountWithinBounds(tx, { amountCents: giftCents, currency: body.currency, payments: pay, system });
  if (body.paymentMethod === 'bank_deposit' && publicBankAccounts(await getSettings(tx, 'bankAccounts')).length === 0) {
    throw fieldError('paymentMethod', depositMessages.paymentMethodUnavailable);
  }
  const { grossCents, feeCents } = pay && body.coverFees ? coverFeesCents(giftCents, pay) : { grossCents: giftCents, feeCents: 0 };
  // CF only below Q2,500 of what is charged, a dollar gift valued at the staff's rate (decision 0019).
  const taxId = parseTaxId(body.nit ?? '', grossCents, body.currency, pay?.usd_exchange_rate);
  if (!taxId.ok) throw fieldError('nit', checkoutTaxIdMessage(taxId, body.currency, pay?.usd_exchange_rate, system.contact_email));
  const programId = await checkoutDesignation(tx, body.programId, system.checkout_programs);
  return { grossCents, feeCents, usd: pay && body.currency === 'USD' ? pay : null, taxId, programId };
}

export async function createPublicDonation(db: Database, input: DonateInput): Promise<StoredAnswer<PublicDonationResponse>> {
  const { body } = input;
  const deposit = body.paymentMethod === 'bank_deposit';
  refuseAtOnce(body, input.payments);
  // The caller is part of what the key guards: the same key from another account is another request.
  const hash = requestHash({ body, userId: input.actor?.id ?? null });
  return withIdempotency<PublicDonationResponse>(db, { scope: DONATE_SCOPE, key: input.idempotencyKey, hash }, async (tx) => {
    const { grossCents, feeCents, usd, taxId, programId } = await chargeOf(tx, body);
    // A deposit made signed out with the address of an account whose owner proved it joins that account at
    // once, as it would on that proof (decision 0085): its slip is sent from Mis donaciones.
    const owner = input.actor?.id ?? (deposit ? ((await verifiedAccountOf(tx, body.email))?.id ?? null) : null);

    // A monthly gift: its row first (the duplicate rule may refuse it), then its first donation.
    const gift =
      body.frequency === 'monthly' && !deposit
        ? await startMonthlyGift(tx, {
            donorName: body.donorName,
            donorEmail: body.email,
            userId: input.actor?.id ?? null,
            amountCents: grossCents,
            currency: body.currency,
            provider: cardProviderName(input.payments?.provider),
            allowDuplicate: body.allowDuplicateMonthly,
            programId,
          })
        : null;
    let row = await insertDonation(tx, {
      recurringGiftId: gift?.id ?? null,
      programId,
      donorName: body.donorName,
      donorEmail: body.email,
      donorPhone: body.phone ?? null,
      donorNit: taxId.value,
      donorTaxIdKind: taxId.kind,
      donorAnonymous: body.anonymous,
      amountCents: grossCents,
      currency: body.currency,
      coveredFeeCents: feeCents,
      ...(usd
        ? {
            gtqCents: toQuetzalCents(grossCents, 'USD', usd.usd_exchange_rate),
            exchangeRate: String(usd.usd_exchange_rate),
            exchangeRateDate: usd.usd_exchange_rate_date,
          }
        : {}),
      donationType: 'monetary',
      description: deposit ? depositMessages.description : gift ? monthlyApiMessages.donationDescription : donateMessages.description,
      source: 'public',
      userId: owner,
      cardLast4: input.payments || deposit ? null : (body.cardLast4 ?? null),
      cardBrand: input.payments || deposit ? null : (body.cardBrand ?? null),
      paymentMethod: body.paymentMethod,
      // A deposit's provider is the bank deposit: staff approve it against the bank's movements.
      paymentProvider: deposit ? DEPOSIT_PROVIDER : cardProviderName(input.payments?.provider),
    });
    let depositToken: string | null = null;
    if (deposit) {
      depositToken = await input.links.sign({ purpose: 'deposit-slip', subject: row.id });
      await enqueueDepositInstructions(tx, row, depositToken);
    } else if (input.payments) row = gift ? await openMonthlyCheckout(tx, input.payments, row, gift) : await openCheckout(tx, input.payments, row);

    await audit(tx, {
      actor: input.actor,
      action: 'donation.create',
      entityType: 'donation',
      entityId: row.id,
      details: { source: 'public', reference: row.referenceCode, amount_cents: row.amountCents, currency: row.currency },
      ip: input.ip,
    });

    return { statusCode: 201, body: answerOf(row, { body, feeCents, provider: cardProviderName(input.payments?.provider), giftId: gift?.id ?? null, depositToken }) };
  });
}

/** The checkout's answer (stored with the idempotency key, so a retry gets the same). */
function answerOf(
  row: DonationRow,
  extra: { body: PublicDonation; feeCents: number; provider: PublicDonationResponse['payment_provider']; giftId: number | null; depositToken: string | null },
): PublicDonationResponse {
  return {
    id: row.id,
    reference_code: row.referenceCode,
    amount: fromCents(row.amountCents),
    currency: extra.body.currency,
    covered_fee: fromCents(extra.feeCents),
    status: 'pending',
    card_last4: row.cardLast4,
    card_brand: row.cardBrand as PublicDonationResponse['card_brand'],
    payment_provider: extra.provider,
    checkout_url: row.checkoutUrl,
    recurring_gift_id: extra.giftId,
    payment_method: extra.body.paymentMethod,
    deposit_token: extra.depositToken,
    created_at: row.createdAt.toISOString(),
  };
}
