/**
 * Render counts by <Profiler id>, for the render tests and the bench: under
 * `<GridProfiling value={onRender}>`, every DataGrid puts its pieces in Profilers with stable ids.
 * A Profiler reports each commit that renders anything in it, and a new element of it (its parent
 * rendering) counts too:
 *
 * - `grid`: the column header, drawn anew whenever the grid itself renders;
 * - `row:<id>`: a body row, whenever it or anything in it renders;
 * - `cell:<id>:<column>`: a cell's content; drawn anew with its row (the editing row: its cells).
 *
 * So a commit that reports only `row:7` and `cell:7:price` rendered the price cell's content alone.
 * Without the provider (the app) nothing is wrapped.
 */
import { createContext, Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';

export const GridProfiling = createContext<ProfilerOnRenderCallback | null>(null);

/** The Profiler id of a body cell: `cell:<row id>:<column id>`. */
export const cellProfilerId = (cell: { row: { id: string }; column: { id: string } }) =>
  `cell:${cell.row.id}:${cell.column.id}`;

/** `node` in a Profiler named `id` when the grid is profiled (`onRender` read from GridProfiling), else as it is. */
export function profiled(onRender: ProfilerOnRenderCallback | null, id: string, node: ReactNode): ReactNode {
  return onRender ? (
    <Profiler id={id} onRender={onRender}>
      {node}
    </Profiler>
  ) : (
    node
  );
}
