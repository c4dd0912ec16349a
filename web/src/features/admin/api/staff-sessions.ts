import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { StaffSession } from '@shared/staff-sessions.schemas';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';

const sessionsKey = ['admin', 'sessions'] as const;
const SessionList = z.array(StaffSession);

/** GET /api/admin/sessions (owner: every staff session) or /api/admin/me/sessions (one's own). */
function getSessions(all: boolean, signal?: AbortSignal): Promise<StaffSession[]> {
  return adminGet(all ? '/api/admin/sessions' : '/api/admin/me/sessions', signal, SessionList);
}

export function useStaffSessions(all: boolean) {
  return useQuery(queryOptions({ queryKey: [...sessionsKey, all ? 'all' : 'mine'], queryFn: ({ signal }) => getSessions(all, signal), staleTime: 0 }));
}

type Message = { message: string };

/** DELETE /api/admin/sessions/{id} (owner) or /api/admin/me/sessions/{id} (one's own). */
function endSession({ id, all }: { id: string; all: boolean }): Promise<Message> {
  return adminSend<Message>('DELETE', `${all ? '/api/admin/sessions' : '/api/admin/me/sessions'}/${encodeURIComponent(id)}`);
}

/** DELETE /api/admin/staff/{id}/sessions: every session of a staff account (owner). */
function endStaffSessions(staffId: string): Promise<Message> {
  return adminSend<Message>('DELETE', `/api/admin/staff/${encodeURIComponent(staffId)}/sessions`);
}

/** DELETE /api/admin/me/sessions: every session of one's own but this one. */
function endMyOtherSessions(): Promise<Message> {
  return adminSend<Message>('DELETE', '/api/admin/me/sessions');
}

export const useEndSession = () => useInvalidatingMutation(endSession, [sessionsKey]);
export const useEndStaffSessions = () => useInvalidatingMutation(endStaffSessions, [sessionsKey]);
export const useEndMyOtherSessions = () => useInvalidatingMutation(endMyOtherSessions, [sessionsKey]);
