import { useLoaded } from '../../../lib/use-loaded';
import { fetchMe } from './account-api';

/** The signed-in account, loaded when the component that shows it mounts. */
export const useMe = () => useLoaded(fetchMe);
