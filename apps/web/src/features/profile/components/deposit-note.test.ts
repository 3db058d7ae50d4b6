import { describe, expect, it } from 'vitest';
import { depositNote } from './deposit-note';

describe('depositNote (the tenant’s profile)', () => {
  it('says whether the deposit the lease asks for was received, held or given back', () => {
    expect(depositNote(0, 0, 0)).toBeNull();
    expect(depositNote(67_500, 0, 0)).toBe(', not received yet: pay it at the building office');
    expect(depositNote(67_500, 67_500, 67_500)).toBe(', received');
    expect(depositNote(67_500, 20_000, 67_500)).toBe('; 20,000 BDT held');
    expect(depositNote(67_500, 0, 67_500)).toBe(', given back');
  });

  it('says what of it paid rent, and never more than is true', () => {
    // All of it paid rent.
    expect(depositNote(67_500, 0, 67_500, 67_500)).toBe(', used for your rent');
    // Part paid rent, the rest is still held.
    expect(depositNote(67_500, 37_500, 67_500, 30_000)).toBe(
      '; 30,000 BDT used for your rent, 37,500 BDT held',
    );
    // Part paid rent, the rest was given back.
    expect(depositNote(67_500, 0, 67_500, 30_000)).toBe(
      '; 30,000 BDT used for your rent, none held now',
    );
    // Less was received than agreed, and all of it paid rent: not "the deposit".
    expect(depositNote(67_500, 0, 60_000, 60_000)).toBe(
      '; 60,000 BDT used for your rent, none held now',
    );
    // A mistyped receipt corrected by a refund, then all the deposit paid rent.
    expect(depositNote(67_500, 0, 76_500, 67_500)).toBe(', used for your rent');
  });
});
