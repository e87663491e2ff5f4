import { residentKeys } from '../../../lib/resident-keys';
import { useLoaded } from '../../../lib/use-loaded';
import { fetchMe } from './account-api';

/** The signed-in account, read once for the page (shared by every part that shows it). */
export const useMe = () => useLoaded(residentKeys.me, fetchMe);
