import type { StaffSession } from '@shared/staff-sessions.schemas';
import { secondaryButton } from '@/components/ui/button-styles';
import { useEndMyOtherSessions, useEndSession, useStaffSessions } from '../api/staff-sessions';
import { withToasts } from '../lib/admin-fetch';
import { AdminSection, ListCount, QueryBody } from './admin-section';

function When({ label, iso }: { label: string; iso: string }) {
  return (
    <div className="ad:min-w-0">
      <dt className="ad:text-slate-600">{label}</dt>
      <dd>
        <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>
      </dd>
    </div>
  );
}

function SessionCard({ session, all }: { session: StaffSession; all: boolean }) {
  const end = useEndSession();
  const who = `${session.username} (${session.role})`;
  return (
    <article
      aria-label={`Session of ${session.username}${session.current ? ', this one' : ''}`}
      className="ad:flex ad:flex-col ad:gap-2 ad:rounded-lg ad:border ad:border-slate-200 ad:bg-white ad:p-3 ad:text-sm ad:text-slate-800"
    >
      <h3 className="ad:font-semibold ad:break-words ad:text-slate-900">
        {who} {session.current && <span className="ad:font-normal ad:text-green-800">(this session)</span>}
      </h3>
      <dl className="ad:grid ad:grid-cols-1 ad:gap-x-4 ad:gap-y-1 ad:sm:grid-cols-3">
        <When label="Signed in" iso={session.signedInAt} />
        <When label="Last seen" iso={session.lastSeenAt} />
        <When label="Ends unless used" iso={session.endsAt} />
        <div className="ad:min-w-0">
          <dt className="ad:text-slate-600">Address</dt>
          <dd className="ad:break-all">{session.ip ?? '—'}</dd>
        </div>
        <div className="ad:min-w-0 ad:sm:col-span-2">
          <dt className="ad:text-slate-600">Browser</dt>
          <dd className="ad:break-words">{session.userAgent || '—'}</dd>
        </div>
      </dl>
      <div>
        <button
          type="button"
          className={`${secondaryButton} ad:py-1.5 ad:text-red-700`}
          disabled={end.isPending}
          onClick={() =>
            void withToasts(() => end.mutateAsync({ id: session.id, all }), `Ended the session of ${session.username}`, 'Could not end the session')
          }
        >
          End session
        </button>
      </div>
    </article>
  );
}

function SessionList({ all }: { all: boolean }) {
  const sessions = useStaffSessions(all);
  return (
    <QueryBody query={sessions} loadingLabel="Loading sessions" errorText="Could not load the sessions">
      {(list) => (
        <>
          <ListCount total={list.length} noun={['session', 'sessions']} />
          <ul aria-label="Sessions" className="ad:flex ad:flex-col ad:gap-3">
            {list.map((s) => (
              <li key={s.id}>
                <SessionCard session={s} all={all} />
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryBody>
  );
}

/** The owner's view: every staff member's live sessions, each can be ended (all of a person's from Staff). */
export function StaffSessionsSection() {
  return (
    <AdminSection title="Sessions">
      <p className="ad:text-slate-700">Everyone signed in to the dashboard or the API, most recently seen first. An ended session must sign in again.</p>
      <SessionList all />
    </AdminSection>
  );
}

/** A staff member's own sessions: end one, or all but this one. */
export function MySessionsSection() {
  const endOthers = useEndMyOtherSessions();
  return (
    <AdminSection
      title="My sessions"
      actions={
        <button
          type="button"
          className={`${secondaryButton} ad:py-1.5`}
          disabled={endOthers.isPending}
          onClick={() => void withToasts(() => endOthers.mutateAsync(), 'Signed out everywhere else', 'Could not end the sessions')}
        >
          Sign out everywhere else
        </button>
      }
    >
      <SessionList all={false} />
    </AdminSection>
  );
}
