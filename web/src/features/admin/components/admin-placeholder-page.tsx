import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import '../admin.css';
import { PageMeta } from '@/components/ui/page-meta';
import { useAdminSession } from '../lib/admin-session';
import { AdminDashboard } from './admin-dashboard';
import { AdminLoginForm } from './admin-login-form';

/**
 * The admin dashboard's entry, loaded lazily by the router only (the file keeps
 * its name so the router need not change). Without a token in session storage
 * it shows the login form; with one, the dashboard (SPEC.md §2 Admin).
 */
export default function AdminPage() {
  const { token, notice } = useAdminSession();
  const queryClient = useQueryClient();

  useEffect(() => {
    // Nothing fetched with a token outlives it.
    if (!token) queryClient.removeQueries({ queryKey: ['admin'] });
  }, [token, queryClient]);

  return (
    <>
      <PageMeta title="Admin dashboard" />
      {token ? <AdminDashboard key={token} token={token} /> : <AdminLoginForm notice={notice} />}
    </>
  );
}
