import { useId, useState } from 'react';
import { messages } from '@shared/messages';
import { notifyMessages } from '@shared/notify.schemas';
import { primaryButton } from '@/components/ui/button-styles';
import { PageMeta } from '@/components/ui/page-meta';
import { ApiError, apiSend } from '@/lib/api-client';

export function SoonRoute() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    // The browser's own check first; the server checks again.
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setAnswer({ ok: false, text: notifyMessages.invalidEmail });
      return;
    }
    setSending(true);
    try {
      const res = await apiSend<{ message: string }>('POST', '/api/notify', { email: email.trim() });
      setAnswer({ ok: true, text: res.message });
      setEmail('');
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof ApiError ? error.message : messages.internalError });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mx-auto max-w-lg py-12 text-center">
      <PageMeta title="Coming soon" />
      <h1 className="text-3xl font-bold text-slate-900">Coming soon</h1>
      <p className="mt-3 text-slate-700">We are building something new for our community. Leave your email and we will let you know.</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-6 flex flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={answer !== null && !answer.ok}
          aria-describedby={answer ? `${id}-answer` : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2"
        />
        <button type="submit" className={primaryButton} disabled={sending}>
          {messages.notifyMe}
        </button>
      </form>
      {answer && (
        <p id={`${id}-answer`} role={answer.ok ? 'status' : 'alert'} className={`mt-3 ${answer.ok ? 'text-green-800' : 'text-red-700'}`}>
          {answer.text}
        </p>
      )}
    </div>
  );
}
