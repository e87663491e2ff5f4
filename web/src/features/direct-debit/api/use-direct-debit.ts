import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { readPublicConfig } from '../../../lib/public-config';
import { residentKeys } from '../../../lib/resident-keys';
import { sentToBank } from '../rules';
import {
  cancelMandate,
  domicileFee,
  fetchDirectDebits,
  fetchMandates,
  signMandate,
  undomicileFee,
  type DirectDebitCreate,
  type MandateCreate,
  type Outcome,
} from './direct-debit-api';

/** Whether the council takes direct debits now (the public config, asked once per page). */
export function useDirectDebitEnabled(): boolean {
  const config = useQuery({ queryKey: residentKeys.config, queryFn: readPublicConfig });
  return config.data?.direct_debit_enabled === true;
}

export const useMandates = (enabled = true) =>
  useQuery({ queryKey: residentKeys.mandates, queryFn: fetchMandates, enabled });

export const useDirectDebits = (enabled = true) =>
  useQuery({ queryKey: residentKeys.directDebits, queryFn: fetchDirectDebits, enabled });

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * The dashboard's lines with the bank now, with their collection day (see `sentToBank`); none
 * while the council takes no direct debits or the list is not read yet.
 */
export function useSentToBank(): ReadonlyMap<string, string> {
  const enabled = useDirectDebitEnabled();
  const debits = useDirectDebits(enabled);
  return useMemo(() => (debits.data ? sentToBank(debits.data) : NONE), [debits.data]);
}

/**
 * A change that the server answers with an Outcome: on success the mandates, the domiciled fees
 * and the activities are read again by whichever section shows them.
 */
function useChange<A, T>(call: (argument: A) => Promise<Outcome<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (!answer.ok) return;
      void queryClient.invalidateQueries({ queryKey: residentKeys.mandates });
      void queryClient.invalidateQueries({ queryKey: residentKeys.directDebits });
      void queryClient.invalidateQueries({ queryKey: residentKeys.activities });
    },
  });
}

export const useSignMandate = () => useChange((body: MandateCreate) => signMandate(body));
export const useCancelMandate = () => useChange((id: number) => cancelMandate(id));
export const useDomicileFee = () => useChange((body: DirectDebitCreate) => domicileFee(body));
export const useUndomicileFee = () => useChange((id: number) => undomicileFee(id));
