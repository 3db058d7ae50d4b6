import { describe, expect, it } from 'vitest';
import { formerDepositNote } from './former-deposit';

describe('formerDepositNote', () => {
  it('says nothing of a deposit never received, or not sent by an older server', () => {
    expect(formerDepositNote({ depositHeld: 0, depositReceived: 0 })).toBeNull();
    expect(formerDepositNote({})).toBeNull();
  });

  it('says a deposit given back in full was given back', () => {
    expect(formerDepositNote({ depositHeld: 0, depositReceived: 48_000 })).toBe(
      'Your deposit was given back.',
    );
  });

  it('names what the building still holds, all of it or what is left', () => {
    expect(formerDepositNote({ depositHeld: 48_000, depositReceived: 48_000 })).toBe(
      'The building still holds 48,000 BDT of your deposit: ask the office about it.',
    );
    expect(formerDepositNote({ depositHeld: 28_000, depositReceived: 48_000 })).toBe(
      'The building still holds 28,000 BDT of your deposit: ask the office about it.',
    );
  });

  it('says what of it paid rent: all of it, part and the rest given back, part and the rest held', () => {
    expect(
      formerDepositNote({ depositHeld: 0, depositReceived: 30_000, depositToRent: 30_000 }),
    ).toBe('Your deposit paid 30,000 BDT of your rent.');
    expect(
      formerDepositNote({ depositHeld: 0, depositReceived: 48_000, depositToRent: 30_000 }),
    ).toBe('30,000 BDT of your deposit paid your rent; the building holds none of it now.');
    expect(
      formerDepositNote({ depositHeld: 18_000, depositReceived: 48_000, depositToRent: 30_000 }),
    ).toBe(
      '30,000 BDT of your deposit paid your rent. The building still holds 18,000 BDT of your deposit: ask the office about it.',
    );
  });
});
