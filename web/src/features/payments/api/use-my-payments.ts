import { residentKeys } from '../../../lib/resident-keys';
import { useLoaded } from '../../../lib/use-loaded';
import { fetchMyPayments } from './payments-api';

/** The account's completed payments, read once for the page and again after a payment's result. */
export const useMyPayments = () => useLoaded(residentKeys.payments, fetchMyPayments);
