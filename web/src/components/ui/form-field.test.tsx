// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useActionForm } from '@/lib/use-action-form';
import { FieldsAndSubmit, FormNotice } from './form-field';

afterEach(cleanup);

const Email = z.object({ email: z.email('Enter an email address') });

/** A one-field form whose action waits for `answer`: resolved, or rejected with its message. */
function EmailForm({ answer }: { answer: () => Promise<void> }) {
  const { form, onSubmit, error } = useActionForm(Email, { email: '' }, answer, (e) => (e as Error).message);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Email form">
      <FieldsAndSubmit fields={[{ name: 'email', label: 'Email', type: 'email' }]} form={form} label="Send" busyLabel="Sending..." error={error} />
    </form>
  );
}

describe('FieldsAndSubmit: the fields, submit button and error of an action form', () => {
  it("shows a field's error under its labelled input, and does not run the action", async () => {
    let ran = false;
    render(
      <EmailForm
        answer={async () => {
          ran = true;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an email address');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(ran).toBe(false);
  });

  it('is busy while the action runs, then shows its failure', async () => {
    let fail: (error: Error) => void = () => {};
    render(<EmailForm answer={() => new Promise<void>((_, reject) => (fail = reject))} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fail(new Error('Too many requests'));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('FormNotice', () => {
  it('announces a note politely, and is not there without one', () => {
    const { rerender } = render(<FormNotice>{null}</FormNotice>);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<FormNotice tone="warning">Your session has ended.</FormNotice>);
    expect(screen.getByRole('status').textContent).toBe('Your session has ended.');
  });
});
