// In the member area too, a program that is "Próximamente" shows no money raised, goal or progress.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ActiveProgram } from '@donaciones/shared/schemas/member';
import { ProgramCard } from './program-card';

afterEach(cleanup);

const program = (over: Partial<ActiveProgram>): ActiveProgram => ({
  id: 3,
  name: 'Becas escolares',
  description: 'Becas para adolescentes.',
  coming_soon: true,
  goal_amount: 120_000,
  current_amount: 4_350,
  progress_percentage: 3.6,
  ...over,
});

describe('member program card', () => {
  it('a coming program shows no money', () => {
    const { container } = render(<ProgramCard program={program({})} />);
    expect(screen.getByText('Próximamente')).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/Q\s?[\d,]+/);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('a program under way shows what it raised towards its goal', () => {
    const { container } = render(<ProgramCard program={program({ coming_soon: false })} />);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(container.textContent).toContain('Q4,350.00');
    expect(container.textContent).toContain('3.6% de la meta');
  });
});
