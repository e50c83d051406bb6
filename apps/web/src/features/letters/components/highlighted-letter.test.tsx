// The reviewer sees each contact detail the detector found marked in the letter, named by its kind.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { findLetterFlags } from '@donaciones/shared/letter-flags';
import { HighlightedLetter } from './highlighted-letter';

afterEach(cleanup);

describe('highlighted letter', () => {
  it('marks every flag and keeps the whole text', () => {
    const body = 'Hola, mi correo es ana@example.com y vivo en la zona 18. Tengo 8 años.';
    const { container } = render(<HighlightedLetter body={body} flags={findLetterFlags(body)} />);
    const marks = [...container.querySelectorAll('mark')];
    expect(marks.map((m) => m.textContent)).toEqual(['Correo electrónico: ana@example.com', 'Dirección: zona 18']);
    expect(container.textContent?.replace(/Correo electrónico: |Dirección: /g, '')).toBe(body);
  });

  it('marks nothing in a harmless letter', () => {
    const body = 'Gracias por tu regalo de Q150.00, el 12/05/2026 fue mi fiesta.';
    const { container } = render(<HighlightedLetter body={body} flags={findLetterFlags(body)} />);
    expect(container.querySelectorAll('mark')).toHaveLength(0);
  });
});
