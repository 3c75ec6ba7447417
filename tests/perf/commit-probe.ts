/**
 * Which components rendered in each React commit, read the way React DevTools reads them: a
 * fiber rendered when React cloned it and it did work (PerformedWork), or mounted; a subtree whose
 * children were not cloned did not render. Installed as the DevTools hook before React loads.
 */
const PERFORMED_WORK = 0b1;
/** Function, class, forwardRef and simple memo components: the fibers that run user code. */
const COMPONENT_TAGS = new Set([0, 1, 11, 15]);

interface Fiber {
  tag: number;
  type: unknown;
  flags: number;
  alternate: Fiber | null;
  child: Fiber | null;
  sibling: Fiber | null;
}

/** Component names rendered since the last `forget()`. */
export const rendered: string[] = [];

export const forget = () => {
  rendered.length = 0;
};

function nameOf(type: unknown): string {
  if (typeof type === 'function') return (type as { displayName?: string }).displayName ?? type.name ?? 'Anonymous';
  if (typeof type === 'object' && type !== null) {
    const inner = (type as { render?: unknown; type?: unknown }).render ?? (type as { type?: unknown }).type;
    return nameOf(inner);
  }
  return 'Anonymous';
}

function visit(parent: Fiber) {
  for (let fiber = parent.child; fiber; fiber = fiber.sibling) {
    const previous = fiber.alternate;
    if (COMPONENT_TAGS.has(fiber.tag) && (previous === null || (fiber.flags & PERFORMED_WORK) !== 0)) {
      rendered.push(nameOf(fiber.type));
    }
    if (previous === null || fiber.child !== previous.child) visit(fiber);
  }
}

(globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  supportsFiber: true,
  renderers: new Map(),
  inject: () => 1,
  checkDCE: () => {},
  onScheduleFiberRoot: () => {},
  onCommitFiberUnmount: () => {},
  onPostCommitFiberRoot: () => {},
  onCommitFiberRoot: (_id: number, root: { current: Fiber }) => visit(root.current),
};

/** How many times each component rendered, most first. */
export function countsOf(names: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}
