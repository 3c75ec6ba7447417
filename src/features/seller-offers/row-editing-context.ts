import type { rowEditingMachine } from '@machines/row-editing/row-editing.machine';
import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { GridStore } from '@/ui/data-grid.types';

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

/** One fact of the row-editing actor as the grid and its fields read it: a value and its changes. */
export function storeOf<T>(editing: RowEditingRef, select: (snapshot: SnapshotFrom<RowEditingRef>) => T): GridStore<T> {
  return {
    get: () => select(editing.getSnapshot()),
    subscribe: (listener) => {
      const subscription = editing.subscribe(listener);
      return () => subscription.unsubscribe();
    },
  };
}
