import type { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';

export type RowEditingRef = ActorRefFrom<typeof rowEditingMachine>;

type RowEditing = {
  /** The grid's row-editing actor. */
  editing: RowEditingRef;
  /** The column of the cell the edit started from: focus goes back there when it ends. */
  origin: { column: number };
};

/** What the editing row's cells reach outside the row for (one per Manage Offers grid). */
export const RowEditingContext = createContext<RowEditing | null>(null);

function useRowEditingContext(): RowEditing {
  const value = useContext(RowEditingContext);
  if (!value) throw new Error('The editing row needs a RowEditingContext provider');
  return value;
}

export const useRowEditing = () => useRowEditingContext().editing;
export const useEditOrigin = () => useRowEditingContext().origin;
