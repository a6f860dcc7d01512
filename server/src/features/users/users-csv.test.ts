import { describe, expect, it } from 'vitest';
import { parseStudentsCsv } from './users-csv.js';

describe('parseStudentsCsv', () => {
  it('reads one guardian a row under the headers schools use, each cell as typed', () => {
    const [first, second, third] = parseStudentsCsv(
      [
        'Name,Email,Gender,Parent Name,parent_phone,GUARDIAN E-MAIL',
        'Ana,ana@school.example,F, Maria Lopes ,+351 912 345 678,maria@family.example',
        'Ben,ben@school.example,M,,,',
        'Cy,cy@school.example,M,Only A Name,,',
      ].join('\n'),
    );
    expect(first?.guardian).toEqual({
      name: 'Maria Lopes',
      phone: '+351 912 345 678',
      email: 'maria@family.example',
    });
    expect(second?.guardian).toEqual({ name: '', phone: '', email: '' });
    expect(third?.guardian).toEqual({ name: 'Only A Name', phone: '', email: '' });
    // Without the columns, no guardian.
    const [plain] = parseStudentsCsv('name,email,gender\nDee,dee@school.example,F');
    expect(plain?.guardian).toEqual({ name: '', phone: '', email: '' });
  });
});
