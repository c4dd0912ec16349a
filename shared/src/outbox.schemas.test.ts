import { describe, expect, it } from 'vitest';
import { mailStateText } from './outbox.schemas';

describe("how the dashboard words a mail's delivery", () => {
  it('says what happened and how often it failed', () => {
    expect(mailStateText({ state: 'kept', attempts: 0 })).toBe('kept (no mail server)');
    expect(mailStateText({ state: 'queued', attempts: 0 })).toBe('queued');
    expect(mailStateText({ state: 'queued', attempts: 1 })).toBe('queued, failed once');
    expect(mailStateText({ state: 'queued', attempts: 3 })).toBe('queued, failed 3 times');
    expect(mailStateText({ state: 'sending', attempts: 1 })).toBe('sending');
    expect(mailStateText({ state: 'sending', attempts: 3 })).toBe('sending, failed 2 times');
    expect(mailStateText({ state: 'sent', attempts: 2 })).toBe('sent');
    expect(mailStateText({ state: 'failed', attempts: 15 })).toBe('failed 15 times, given up');
    expect(mailStateText({ state: 'failed', attempts: 1 })).toBe('failed once, given up');
  });
});
