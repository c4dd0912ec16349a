import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { StaffMember, type CreateStaffInput, type StaffWithPassword, type UpdateStaffInput } from '@shared/staff.schemas';
import { StaffSettings, type UpdateStaffSettings } from '@shared/staff-sessions.schemas';
import { adminGet, adminSend } from '../lib/admin-fetch';
import { useInvalidatingMutation } from './invalidating-mutation';

const staffKey = ['admin', 'staff'] as const;
const StaffList = z.array(StaffMember);

/** GET /api/admin/staff (owner only). */
function getStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return adminGet('/api/admin/staff', signal, StaffList);
}

export function useStaff() {
  return useQuery(queryOptions({ queryKey: staffKey, queryFn: ({ signal }) => getStaff(signal), staleTime: 0 }));
}

/** POST /api/admin/staff: the new account and its password, shown once. */
function addStaff(input: CreateStaffInput): Promise<StaffWithPassword> {
  return adminSend<StaffWithPassword>('POST', '/api/admin/staff', input);
}

/** PATCH /api/admin/staff/{id}: role, disabled, or a new password (shown once). */
function updateStaff({ id, changes }: { id: string; changes: UpdateStaffInput }): Promise<StaffWithPassword> {
  return adminSend<StaffWithPassword>('PATCH', `/api/admin/staff/${encodeURIComponent(id)}`, changes);
}

/** DELETE /api/admin/staff/{id}. */
function deleteStaff(id: string): Promise<{ message: string }> {
  return adminSend<{ message: string }>('DELETE', `/api/admin/staff/${encodeURIComponent(id)}`);
}

export const useAddStaff = () => useInvalidatingMutation(addStaff, [staffKey]);
export const useUpdateStaff = () => useInvalidatingMutation(updateStaff, [staffKey]);
export const useDeleteStaff = () => useInvalidatingMutation(deleteStaff, [staffKey]);

const settingsKey = ['admin', 'staff-settings'] as const;

/** GET /api/admin/staff-settings (owner only). */
function getStaffSettings(signal?: AbortSignal): Promise<StaffSettings> {
  return adminGet('/api/admin/staff-settings', signal, StaffSettings);
}

export function useStaffSettings() {
  return useQuery(queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => getStaffSettings(signal), staleTime: 0 }));
}

/** PUT /api/admin/staff-settings: any of the staff policy; answers all of it. */
function putStaffSettings(settings: UpdateStaffSettings): Promise<StaffSettings> {
  return adminSend<StaffSettings>('PUT', '/api/admin/staff-settings', settings);
}

export const useUpdateStaffSettings = () => useInvalidatingMutation(putStaffSettings, [settingsKey]);
