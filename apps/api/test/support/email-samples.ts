// One email of every kind the product sends (docs/product.md#email), written by the same message
// functions the API uses, with long names, amounts and links: what the layout tests render and send.
import { correctionsMessages as cm } from '@donaciones/shared/messages/corrections';
import { emailMessages } from '../../src/messages/email';
import { depositEmailMessages } from '../../src/messages/deposits';
import { depositReviewMessages, transferReviewMessages } from '../../src/messages/deposit-review';
import { letterEmailMessages as lm } from '../../src/messages/letters';
import { monthlyApiMessages as mm } from '../../src/messages/monthly';
import { paymentMessages as pm } from '../../src/messages/payments';
import { receiptMessages } from '../../src/messages/receipts';
import { progressReportEmailMessages as pr } from '../../src/messages/progress-reports';
import { sponsorshipEmailMessages as sm } from '../../src/messages/sponsorship-email';
import { sponsorshipTransferEmailMessages as st } from '../../src/messages/sponsorship-transfer';
import { secondStepChangeMessages as sc, twoStepEmailMessages as ts } from '../../src/messages/two-step-email';
import { PUBLIC_URL_MARK } from '../../src/platform/email-outbox';

export interface EmailSample {
  template: string;
  subject: string;
  text: string;
}

const name = 'María Fernanda de los Ángeles Xicará Batz';
const org = 'Fundación Niñez Guatemalteca';
const amount = 'Q1,250.00';
const reference = 'DON-2026-7QH4KX';
const receipt = 'A-000275';
const link = `${PUBLIC_URL_MARK}/reset-password?token=Xk3v9Qw7mR2pL8sT4yB6nH1jF5cD0aZeUoIqWgErTyUiOpAsDfGhJkLzXcVbNm`;
const manage = `${PUBLIC_URL_MARK}/donaciones-mensuales/gestionar?firma=eyJhbGciOiJIUzI1NiJ9.eyJnaWZ0Ijo0Mn0.c2lnbmF0dXJl`;
const attached = `\n\n${receiptMessages.email.attachedNote(receiptMessages.email.document(false), receipt, `${PUBLIC_URL_MARK}/donor/receipts`)}`;

export const emailSamples: EmailSample[] = [
  { template: 'welcome', subject: emailMessages.auth.welcomeSubject(org), text: emailMessages.auth.welcomeText(name, org, link, 48) },
  { template: 'verify-email', subject: emailMessages.auth.verifySubject(org), text: emailMessages.auth.verifyText(name, org, link, 48) },
  { template: 'password-reset', subject: emailMessages.auth.resetSubject(org), text: emailMessages.auth.resetText(name, org, link) },
  {
    template: 'password-changed',
    subject: emailMessages.auth.passwordChangedSubject(org),
    text: emailMessages.auth.passwordChangedText(name, org, `${PUBLIC_URL_MARK}/forgot-password`),
  },
  { template: 'password-changed', subject: emailMessages.member.passwordChangedSubject, text: emailMessages.member.passwordChangedText(name, org) },
  {
    template: 'register-existing-account',
    subject: emailMessages.auth.registerAttemptSubject(org),
    text: emailMessages.auth.registerAttemptText(name, org, `${PUBLIC_URL_MARK}/login`, `${PUBLIC_URL_MARK}/forgot-password`),
  },
  { template: 'admin-created-account', subject: emailMessages.admin.welcomeSubject(org), text: emailMessages.admin.welcomeText(name, org, link, 72) },
  {
    template: 'donation-completed',
    subject: emailMessages.donations.completedSubject,
    text: emailMessages.donations.completedBody(name, amount, reference, 275, 'A') + attached,
  },
  {
    template: 'donation-approved',
    subject: emailMessages.admin.approvedSubject(reference),
    text: emailMessages.admin.approvedText(name, amount, reference, receipt, org, '+502 2222-3333') + attached,
  },
  {
    template: 'donation-rejected',
    subject: emailMessages.admin.rejectedSubject(reference),
    text: emailMessages.admin.rejectedText(name, amount, reference, 'No encontramos el depósito en la cuenta bancaria', 'contacto@ninez.org.gt'),
  },
  {
    template: 'deposit-instructions',
    subject: depositEmailMessages.instructionsSubject(reference),
    text: depositEmailMessages.instructionsText({
      name,
      amount,
      reference,
      accounts: [depositEmailMessages.account('Banco Industrial', 'Monetaria', '000-123456-7', org), depositEmailMessages.account('Banrural', 'Ahorro', '3-456-78901-2', org)],
      link: `${PUBLIC_URL_MARK}/deposito/boleta?token=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3BxcnN0`,
    }),
  },
  {
    template: 'deposit-approved',
    subject: depositReviewMessages.approvedSubject(reference),
    text: depositReviewMessages.approvedText(name, amount, reference, receipt, org, '+502 2222-3333') + attached,
  },
  {
    template: 'deposit-rejected',
    subject: depositReviewMessages.rejectedSubject(reference),
    text: depositReviewMessages.rejectedText(name, amount, reference, 'El monto de la boleta no coincide', 'contacto@ninez.org.gt'),
  },
  {
    template: 'transfer-approved',
    subject: transferReviewMessages.approvedSubject(reference),
    text: transferReviewMessages.approvedText(name, amount, reference, receipt, org, '+502 2222-3333') + attached,
  },
  {
    template: 'transfer-rejected',
    subject: transferReviewMessages.rejectedSubject(reference),
    text: transferReviewMessages.rejectedText(name, amount, reference, 'No encontramos la transferencia en el estado de cuenta', 'contacto@ninez.org.gt'),
  },
  {
    template: 'donation-receipt',
    subject: receiptMessages.email.subject(receiptMessages.email.document(true), receipt),
    text: receiptMessages.email.text(name, amount, reference, receiptMessages.email.document(true), receipt, `${PUBLIC_URL_MARK}/donor/receipts`, false),
  },
  { template: 'annual-statement', subject: receiptMessages.statementEmail.subject(2025), text: receiptMessages.statementEmail.text(name, 2025, `${PUBLIC_URL_MARK}/donor/receipts`) },
  {
    template: 'donation-payment-failed',
    subject: pm.failedSubject(reference),
    text: pm.failedText(name, amount, reference, 'Fondos insuficientes', `${PUBLIC_URL_MARK}/donate/resultado?ref=${reference}`),
  },
  { template: 'donation-refunded', subject: pm.refundedSubject(reference), text: pm.refundedText(name, amount, reference, 'Cargo duplicado') },
  { template: 'monthly-gift-started', subject: mm.startedSubject, text: mm.startedText(name, amount, reference, '26 de diciembre de 2026', manage) + attached },
  { template: 'monthly-gift-renewed', subject: mm.renewedSubject, text: mm.renewedText(name, amount, reference, '26 de enero de 2027', manage) + attached },
  { template: 'monthly-gift-past-due', subject: mm.pastDueSubject, text: mm.pastDueText(name, amount, mm.pastDueUnknownReason, manage) },
  { template: 'monthly-gift-cancelled', subject: mm.cancelledSubject, text: mm.cancelledText(name, amount, 'Lo pidió el donante', manage) },
  { template: 'monthly-gift-ended', subject: mm.cancelledSubject, text: mm.endedByProviderText(name, amount, manage) },
  { template: 'monthly-gift-paused', subject: mm.pausedSubject, text: mm.pausedText(name, amount, 2, '24 de enero de 2027', manage) },
  { template: 'monthly-gift-resumed', subject: mm.resumedSubject, text: mm.resumedText(name, amount, '24 de diciembre de 2026', manage) },
  {
    template: 'monthly-gift-change-scheduled',
    subject: mm.changeScheduledSubject,
    text: mm.changeScheduledText(name, amount, 'Q200.00', '24 de diciembre de 2026', manage),
  },
  { template: 'monthly-gift-replaced', subject: mm.replacedSubject, text: mm.replacedText(name, amount, 'Q1,500.00', manage) },
  {
    template: 'new-device-sign-in',
    subject: ts.newDeviceSubject(org),
    text: ts.newDeviceText(name, org, 'Chrome en Windows', 'Ubicación aproximada no disponible', '26 de noviembre de 2026, 16:13', `${PUBLIC_URL_MARK}/settings?pestana=seguridad`),
  },
  { template: 'second-step-reset', subject: ts.twoStepResetSubject(org), text: ts.twoStepResetText(name, org, `${PUBLIC_URL_MARK}/login`) },
  ...(['totp-enabled', 'totp-removed', 'recovery-codes', 'passkey-added', 'passkey-removed'] as const).map((change) => ({
    template: 'second-step-changed',
    subject: sc.subjects[change],
    text: sc.text(name, sc.leads[change](org), '28 de noviembre de 2026, 9:41', 'Safari en iOS', 'Ubicación aproximada no disponible', `${PUBLIC_URL_MARK}/forgot-password`),
  })),
  { template: 'donation-voided', subject: cm.voidedSubject(reference), text: cm.voidedText(name, amount, reference, 'Se registró dos veces') },
  {
    template: 'deposit-amount-adjusted',
    subject: cm.adjustedSubject(reference),
    text: cm.adjustedText(name, amount, 'Q100.00', reference, 'Llegó menos de lo declarado'),
  },
  { template: 'letter-reply', subject: lm.replySubject('Kevin'), text: lm.replyText('María', 'Kevin', true, `${PUBLIC_URL_MARK}/donor/ahijado/42/cartas`) },
  ...([
    { via: 'first-payment', hasAccount: true, byTransfer: false },
    { via: 'first-payment', hasAccount: false, byTransfer: true },
    { via: 'same-gift', hasAccount: true, byTransfer: false },
  ] as const).map((variant) => ({
    template: 'sponsorship-started',
    subject: sm.startedSubject('Kevin'),
    text: sm.startedText({ name: 'María', child: 'Kevin', amount, ...variant, myChild: `${PUBLIC_URL_MARK}/donor/ahijado`, manage }),
  })),
  { template: 'sponsorship-child-left', subject: sm.childLeftSubject('Kevin'), text: sm.childLeftText('María', 'Kevin', `${PUBLIC_URL_MARK}/donor/ahijado`, '26 de enero de 2027') },
  {
    template: 'sponsorship-offer-lapsed',
    subject: sm.lapsedSubject,
    text: sm.lapsedText('María', 'Kevin', '27 de noviembre de 2026', `${PUBLIC_URL_MARK}/apadrina`, `${PUBLIC_URL_MARK}/mi-donacion-mensual?token=x`),
  },
  { template: 'progress-report', subject: pr.subject('Kevin'), text: pr.text('María', 'Kevin', `${PUBLIC_URL_MARK}/donor/ahijado`) },
  {
    template: 'sponsorship-transfer-instructions',
    subject: st.instructionsSubject('Kevin'),
    text: st.instructionsText({
      name,
      child: 'Kevin',
      amount,
      reference: 'TM-7K3Q9P',
      heldUntil: '4 de diciembre de 2026',
      accounts: [depositEmailMessages.account('Banco Industrial', 'Monetaria', '000-123456-7', org), depositEmailMessages.account('Banrural', 'Ahorro', '3-456-78901-2', org)],
    }),
  },
  { template: 'sponsorship-transfer-released', subject: st.releasedSubject('Kevin'), text: st.releasedText('María', 'Kevin', 'TM-7K3Q9P', `${PUBLIC_URL_MARK}/apadrina`) },
];
