import { describe, expect, it } from 'vitest';
import { formatAmount } from './donation-labels';

describe('formatAmount', () => {
  it('writes every currency as the other screens, PDFs and emails do', () => {
    expect(formatAmount(185, 'GTQ')).toBe('Q185.00');
    expect(formatAmount(1234.5, 'USD')).toBe('US$1,234.50');
    expect(formatAmount(25, 'USD')).not.toContain('25.00 USD');
  });
});
