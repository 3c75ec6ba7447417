import type { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';

export type RowEditingRef = ActorRefFrom<typeof rowEditingMachine>;

type RowEditing = {
  /** The grid's row-editing actor. */
  editing: RowEditingRef;
};

/** What the editing row's cells reach outside the row for (one per Manage Offers grid). */
export const RowEditingContext = createContext<RowEditing | null>(null);

export function useRowEditing(): RowEditingRef {
  const value = useContext(RowEditingContext);
  if (!value) throw new Error('The editing row needs a RowEditingContext provider');
  return value.editing;
}
