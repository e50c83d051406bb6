// The donor area's receipts page has one name wherever the donor reads it: "Recibos".
import { describe, expect, it } from 'vitest';
import { donateMessages } from './donate';
import { memberMessages } from './member';
import { navMessages, RECEIPTS_PAGE_NAME } from './shell';

describe('the receipts page is named one way', () => {
  it('in the menu, its heading and the dashboard link', () => {
    expect(RECEIPTS_PAGE_NAME).toBe('Recibos');
    expect(navMessages.donor).toContain(RECEIPTS_PAGE_NAME);
    expect(memberMessages.receipts.title).toBe(RECEIPTS_PAGE_NAME);
    expect(memberMessages.dashboard.links.receipts).toBe(RECEIPTS_PAGE_NAME);
  });

  it('in the checkout thank-you, which sends the donor there', () => {
    expect(donateMessages.receiptNote.after).toContain(`en ${RECEIPTS_PAGE_NAME}, en tu área de donante`);
    expect(Object.values(donateMessages.receiptNote).join('')).not.toMatch(/Mis recibos/i);
  });
});
