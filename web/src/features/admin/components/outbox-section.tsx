import { useState } from 'react';
import { secondaryButton } from '@/components/ui/button-styles';
import { formatOrderDate } from '@/features/orders/lib/order-format';
import { mailStateText, outboxMessages, type OutboxMail } from '@shared/outbox.schemas';
import { useOutbox, useResendMail } from '../api/outbox';
import { mailParts } from '../lib/mail-links';
import { reasonOf, withToasts } from '../lib/admin-fetch';
import { pageCount } from '../lib/order-filters';
import { AdminSection, ListCount, Pager, QueryBody } from './admin-section';

const STATE_STYLE: Record<OutboxMail['state'], string> = {
  kept: 'ad:bg-slate-100 ad:text-slate-800',
  queued: 'ad:bg-amber-100 ad:text-amber-900',
  sending: 'ad:bg-blue-100 ad:text-blue-900',
  sent: 'ad:bg-green-100 ad:text-green-900',
  failed: 'ad:bg-red-100 ad:text-red-900',
};

/** A mail's delivery: its state, the last error, the next attempt, and a button to send it again. */
function Delivery({ mail }: { mail: OutboxMail }) {
  const resend = useResendMail();
  return (
    <div className="ad:flex ad:flex-wrap ad:items-center ad:gap-2 ad:border-t ad:border-slate-200 ad:px-4 ad:py-3 ad:text-sm ad:text-slate-800">
      {mail.sentAt && (
        <span>
          Sent <time dateTime={mail.sentAt}>{formatOrderDate(mail.sentAt)}</time>.
        </span>
      )}
      {mail.nextAttemptAt && (
        <span>
          Next attempt <time dateTime={mail.nextAttemptAt}>{formatOrderDate(mail.nextAttemptAt)}</time>.
        </span>
      )}
      {mail.lastError && <span className="ad:break-words ad:text-red-800">Last error: {mail.lastError}</span>}
      {mail.attachments.length > 0 && <span>Attachments: {mail.attachments.join(', ')}</span>}
      {mail.state !== 'kept' && mail.state !== 'sending' && (
        <button
          type="button"
          className={secondaryButton}
          disabled={resend.isPending}
          onClick={() => void withToasts(() => resend.mutateAsync(mail.id), outboxMessages.resent, outboxMessages.resendFailed)}
        >
          Send again
        </button>
      )}
    </div>
  );
}

/** The mails the shop has sent, queued or kept (DESIGN.md §3, decision 035), newest first; open one to read it. */
export function OutboxSection() {
  const [page, setPage] = useState(1);
  const outbox = useOutbox(page);
  return (
    <AdminSection
      title="Mail outbox"
      actions={
        <button type="button" className={secondaryButton} onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          Refresh
        </button>
      }
    >
      <QueryBody query={outbox} loadingLabel="Loading mails" errorText={reasonOf(outbox.error) ?? 'Could not load the outbox.'} keepData>
        {(data) => (
          <>
            <ListCount total={data.total} noun={['mail', 'mails']} />
            <ul aria-label="Mails" className="ad:flex ad:flex-col ad:gap-2">
              {data.mails.map((mail) => (
                <li key={mail.id}>
                  <details className="ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:shadow-sm">
                    <summary className="ad:cursor-pointer ad:px-4 ad:py-3">
                      <span className="ad:font-semibold ad:break-words ad:text-slate-900">{mail.subject}</span>
                      <span className="ad:mt-1 ad:block ad:text-sm ad:break-all ad:text-slate-700">
                        To {mail.to} · <span className="ad:rounded ad:bg-slate-100 ad:px-1.5 ad:py-0.5 ad:text-xs ad:font-medium">{mail.kind}</span> ·{' '}
                        <time dateTime={mail.createdAt}>{formatOrderDate(mail.createdAt)}</time> ·{' '}
                        <span className={`ad:rounded ad:px-1.5 ad:py-0.5 ad:text-xs ad:font-medium ${STATE_STYLE[mail.state]}`}>{mailStateText(mail)}</span>
                      </span>
                    </summary>
                    <pre className="ad:overflow-x-auto ad:border-t ad:border-slate-200 ad:px-4 ad:py-3 ad:text-sm ad:whitespace-pre-wrap ad:break-words ad:text-slate-800">
                      {mailParts(mail.text).map((part, i) =>
                        part.href ? (
                          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="ad:font-medium ad:text-blue-800 ad:underline">
                            {part.text}
                          </a>
                        ) : (
                          part.text
                        ),
                      )}
                    </pre>
                    <Delivery mail={mail} />
                  </details>
                </li>
              ))}
            </ul>
            {data.mails.length === 0 && <p className="ad:text-slate-700">No mails yet.</p>}
            <Pager page={page} pages={pageCount(data.total, data.pageSize)} onPage={setPage} label="Outbox pages" />
          </>
        )}
      </QueryBody>
    </AdminSection>
  );
}
