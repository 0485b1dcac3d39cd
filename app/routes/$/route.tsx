import { redirect } from '@remix-run/node';

/** Spec §2: any unknown path goes to the overview (which sends visitors without a session to login). */
export const loader = () => redirect('/dash/overview');
