/**
 * Render counts by <Profiler id> (src/ui/data-grid-profiling.tsx): `onRender` notes the id of each
 * Profiler a commit reports, for the grid's Profilers under `<GridProfiling>` and the test's own.
 */
import type { ProfilerOnRenderCallback } from 'react';

export function profilerReports() {
  /** The ids reported since the last `forget()`, one per Profiler and commit. */
  const reported: string[] = [];
  const onRender: ProfilerOnRenderCallback = (id) => {
    reported.push(id);
  };
  return {
    onRender,
    reported,
    forget: () => {
      reported.length = 0;
    },
    times: (id: string) => reported.filter((each) => each === id).length,
  };
}

/** How many times each Profiler reported, most first. */
export function countsOf(ids: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}
