import { describe, expect, it } from 'vitest';
import { progressReportTexts as t } from './progress-reports';

describe('a progress report school line', () => {
  it('reads the grade then the attendance after the one "Escuela:" label, leaving out what is empty', () => {
    expect(t.schoolValue('Quinto primaria', 95)).toBe('Quinto primaria, asistencia del 95.0%');
    expect(t.schoolValue('Quinto primaria', null)).toBe('Quinto primaria');
    expect(t.schoolValue('', 88)).toBe('Asistencia del 88.0%');
    expect(t.schoolValue('', null)).toBe('');
  });
});
