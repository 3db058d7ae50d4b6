import { describe, expect, it } from 'vitest';
import { formerDepositNote } from './former-deposit';

describe('formerDepositNote', () => {
  it('says nothing of a deposit never received, or not sent by an older server', () => {
    expect(formerDepositNote({ depositHeld: 0, depositReceived: 0 })).toBeNull();
    expect(formerDepositNote({})).toBeNull();
  });

  it('says a deposit given back in full was given back', () => {
    expect(formerDepositNote({ depositHeld: 0, depositReceived: 48_000 })).toBe(
      'Your deposit of 48,000 BDT was given back.',
    );
  });

  it('says a deposit the building still holds is held', () => {
    expect(formerDepositNote({ depositHeld: 48_000, depositReceived: 48_000 })).toBe(
      'The building still holds your deposit of 48,000 BDT: ask the office about it.',
    );
  });

  it('names what was given back of a deposit and what is still held', () => {
    expect(formerDepositNote({ depositHeld: 28_000, depositReceived: 48_000 })).toBe(
      'Of your deposit of 48,000 BDT, 20,000 BDT was given back; the building still holds 28,000 BDT: ask the office about it.',
    );
  });
});
