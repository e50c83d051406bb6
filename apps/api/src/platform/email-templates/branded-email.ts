// The one layout of every email the product sends (docs/product.md#email, decision 0030): the
// organisation's name and colours, the body, one signature and the contact footer, as an HTML part
// built with MJML (which makes markup that mail clients render alike and that narrows to a phone's
// width) and the same words as a plain-text part.
import mjml2html from 'mjml';
import type { Db } from '../../db/client';
import { emailMessages } from '../../messages/email';
import { getSettings } from '../settings';
import { escapeHtml, lineHtml, type TextBlock, textBlocks } from './text-blocks';

/** Who the email comes from, read from the settings when it is sent. */
export interface EmailBrand {
  name: string;
  contactEmail: string;
  phone: string;
  address: string;
  publicUrl: string;
}

/** The web app's colours (apps/web/src/styles/index.css): brand-700, brand-600, accent-500, with their contrast there. */
const COLORS = {
  brand: '#0d5c63',
  button: '#146b6b',
  accent: '#ea7f2e',
  page: '#eef8f7',
  text: '#1f2a30',
  muted: '#4a5a60',
} as const;

/** Fonts the reader's device already has: an email loads nothing from a third party (see renderBrandedEmail). */
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export async function emailBrand(db: Db, publicUrl: string): Promise<EmailBrand> {
  const [organization, system] = await Promise.all([getSettings(db, 'organization'), getSettings(db, 'system')]);
  // The organisation's own address first, as the site shows it; the system's contact when it has none.
  const contactEmail = organization.email || system.contact_email;
  return { name: organization.name, contactEmail, phone: organization.phone, address: organization.address, publicUrl };
}

const emailTexts = emailMessages.layout;

/** The plain-text part: the body as queued, then the signature and the contact lines. */
export function brandedText(body: string, brand: EmailBrand): string {
  const footer = [brand.name, brand.address, emailTexts.footerContact(brand.contactEmail, brand.phone), brand.publicUrl].filter((line) => line !== '');
  return [body.trimEnd(), '', ...emailTexts.signature(brand.name), '', '--', ...footer].join('\n');
}

function blockMjml(block: TextBlock, button: string): string {
  switch (block.kind) {
    case 'paragraph':
      return `<mj-text>${block.lines.map((line) => lineHtml(line, COLORS.brand)).join('<br>')}</mj-text>`;
    case 'list':
      return `<mj-text><ul style="margin:0;padding-left:20px">${block.items.map((item) => `<li style="margin:0 0 6px">${lineHtml(item, COLORS.brand)}</li>`).join('')}</ul></mj-text>`;
    case 'link':
      return [
        `<mj-button href="${escapeHtml(block.url)}" align="left">${escapeHtml(button)}</mj-button>`,
        `<mj-text font-size="13px" color="${COLORS.muted}">${escapeHtml(emailTexts.linkFallback)}<br>${lineHtml(block.url, COLORS.brand)}</mj-text>`,
      ].join('\n');
  }
}

function layoutMjml(input: { subject: string; body: string; brand: EmailBrand; template: string }): string {
  const { subject, brand } = input;
  const blocks = textBlocks(input.body);
  const button = emailTexts.buttons[input.template] ?? emailTexts.openLink;
  const preview = blocks.find((b, i) => i > 0 && b.kind === 'paragraph');
  const contact = [brand.address, emailTexts.footerContact(brand.contactEmail, brand.phone)].filter((line) => line !== '');
  return `<mjml lang="es">
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    ${preview?.kind === 'paragraph' ? `<mj-preview>${escapeHtml(preview.lines.join(' '))}</mj-preview>` : ''}
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="16px" line-height="1.6" color="${COLORS.text}" padding="0 0 16px 0" />
      <mj-button background-color="${COLORS.button}" color="#ffffff" font-size="16px" font-weight="700" border-radius="8px" inner-padding="12px 22px" padding="4px 0 12px 0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLORS.page}" width="600px">
    <mj-section background-color="${COLORS.brand}" border-bottom="4px solid ${COLORS.accent}" padding="20px 24px">
      <mj-column>
        <mj-text color="#ffffff" font-size="20px" font-weight="700" line-height="1.3" padding="0">${escapeHtml(brand.name)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="28px 24px 12px">
      <mj-column>
        ${blocks.map((block) => blockMjml(block, button)).join('\n        ')}
        <mj-text>${emailTexts.signature(brand.name).map(escapeHtml).join('<br>')}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 24px 28px">
      <mj-column>
        <mj-text font-size="13px" line-height="1.5" color="${COLORS.muted}" padding="0">
          <strong>${escapeHtml(brand.name)}</strong><br>${contact.map((line) => lineHtml(line, COLORS.brand)).join('<br>')}<br>${lineHtml(brand.publicUrl, COLORS.brand)}
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

/** Both parts of one email, in the organisation's layout; `body` is the queued text with its links in place. */
export async function renderBrandedEmail(input: { subject: string; body: string; brand: EmailBrand; template: string }): Promise<{ text: string; html: string }> {
  // `fonts: {}`: MJML would otherwise link Google Fonts for a family it knows (Roboto), and opening the
  // email would tell Google the donor read it.
  const { html, errors } = await mjml2html(layoutMjml(input), { validationLevel: 'strict', fonts: {} });
  if (errors.length > 0) throw new Error(`Plantilla de correo inválida: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return { text: brandedText(input.body, input.brand), html };
}
