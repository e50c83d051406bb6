// A program that is "Próximamente" shows no money raised, goal or progress on the home page; one under
// way shows them.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { PublicProgram } from '@donaciones/shared/schemas/public-site';
import { ProgramCard } from './program-card';

afterEach(cleanup);

const program = (over: Partial<PublicProgram>): PublicProgram => ({
  id: 3,
  slug: 'becas-escolares',
  name: 'Becas escolares',
  description: 'Becas para adolescentes.',
  highlight_value: 'Próximamente',
  highlight_label: 'en desarrollo',
  coming_soon: true,
  goal_amount: 120_000,
  current_amount: 4_350,
  progress_percentage: 3.6,
  ...over,
});

describe('home program card', () => {
  it('a coming program shows no money', () => {
    const { container } = render(<ProgramCard program={program({})} />);
    expect(screen.getAllByText('Próximamente').length).toBeGreaterThan(0);
    expect(container.textContent).not.toMatch(/Q\s?[\d,]+/);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a program under way shows what it raised towards its goal', () => {
    const { container } = render(<ProgramCard program={program({ coming_soon: false, highlight_value: '350', highlight_label: 'refacciones' })} />);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(container.textContent).toContain('Q4,350.00');
  });
});
