import { useLoaded } from '../../../lib/use-loaded';
import { fetchMyPayments } from './payments-api';

/** The account's completed payments, loaded when the component that shows them mounts. */
export const useMyPayments = () => useLoaded(fetchMyPayments);
