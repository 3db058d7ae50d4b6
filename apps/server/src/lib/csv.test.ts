import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes a cell holding a line break of either kind, so each row reads back whole', () => {
    const rows = [
      ['A-202', 'Two lines\nof details'],
      ['A-203', 'Old Mac\rbreak'],
      ['A-204', 'Windows\r\nbreak'],
      ['A-205', 'plain'],
    ];
    const csv = toCsv(['Apartment', 'Details'], rows);
    expect(csv).toContain('"Two lines\nof details"');
    expect(csv).toContain('"Old Mac\rbreak"');
    expect(csv).toContain('A-205,plain\r\n');
    // A strict reader gets the same rows back, two cells each.
    expect(parse(csv, { bom: true, from_line: 2 })).toEqual(rows);
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    expect(toCsv(['Note'], [['=1+2']])).toContain("'=1+2");
  });
});
