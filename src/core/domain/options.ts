/**
 * The choices of the list filters (publishers, sellers, regions; `GET /api/v1/options/`). They
 * rarely change, so one read serves every page of a session: Offers, My Orders and Billing share it.
 */
import { useEffect } from 'react';
import { createActor } from 'xstate';
import type { ApiClient } from '@/api/client';
import { tokenStore } from '@/api/token-store';
import { unwrap } from '@/api/unwrap';
import { useApiLogic } from '../api';
import { useLoadState } from '../use-load';
import { load } from '../workflows';

const OPTIONS_LOAD_FALLBACK = 'The filter choices could not be loaded.';

const optionsLoadLogic = (api: ApiClient) =>
  load((_: undefined, signal) => unwrap(api.GET('/api/v1/options/', { signal })));

type OptionsRead = ReturnType<typeof startRead>;

const startRead = (api: ApiClient) =>
  createActor(optionsLoadLogic(api), { input: { params: undefined, fallback: OPTIONS_LOAD_FALLBACK } }).start();

/** The session's read, per API client (each test renders with its own). */
const reads = new WeakMap<ApiClient, OptionsRead>();

function sessionRead(api: ApiClient): OptionsRead {
  const known = reads.get(api);
  if (known) return known;
  const read = startRead(api);
  reads.set(api, read);
  // The answer depends on who asks (a seller's own storefronts): after a sign-in or sign-out the
  // next page reads again. A page still showing this read keeps it.
  const stop = tokenStore.onSessionChange(() => {
    stop();
    if (reads.get(api) === read) reads.delete(api);
  });
  return read;
}

/** The filter choices (null until read), why they could not be read, and a retry. */
export function useOptions() {
  const read = useApiLogic(sessionRead);
  const { result, problem, retry } = useLoadState(read);
  // A page opened after a failed read tries again, as it would with a read of its own.
  useEffect(() => {
    if (read.getSnapshot().matches('failed')) retry();
  }, [read, retry]);
  return { options: result, problem, retry };
}
