// One colour per letter status wherever it shows: the staff queue used to colour "En revisión" green
// when the letter had no flags, the colour of "Entregada", and amber when it had some.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LetterStatusBadge } from './letter-status-badge';

describe('a letter status badge', () => {
  it.each([
    ['in_review', 'En revisión', 'bg-amber-50'],
    ['returned', 'Devuelta con motivo', 'bg-red-50'],
    ['approved', 'Aprobada', 'bg-brand-50'],
    ['delivered', 'Entregada', 'bg-green-50'],
  ] as const)('%s reads "%s" in its own colour', (status, label, colour) => {
    render(<LetterStatusBadge status={status} />);
    expect(screen.getByText(label).className).toContain(colour);
  });
});
