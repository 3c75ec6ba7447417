import { type ComponentType, lazy, Suspense, useState, useTransition } from 'react';

/** What a stand-in gets besides the widget's own props. */
export interface StandInProps {
  /** The real widget is on its way: the stand-in cannot be asked again meanwhile. */
  isPending: boolean;
  /** The user asks for the widget (a press, an arrow key): load it and show it, open. */
  onOpen: () => void;
  /** The user points at or focuses the stand-in: a good moment to start loading. */
  onIntent: () => void;
}

interface LazyWithStandInOptions<TProps extends object, TRealProps extends object> {
  /** Loads the real widget's module (a dynamic `import()`; the bundler keeps it apart). */
  load: () => Promise<ComponentType<TRealProps>>;
  /** What shows until the real widget is wanted and loaded: light, with the label and the value. */
  StandIn: ComponentType<TProps & StandInProps>;
  /** The real widget's props from the stand-in's, asked to open at once (`openOnMount`). */
  toReal: (props: TProps) => TRealProps;
}

/**
 * A widget whose code (React Aria's collections, date hooks, the calendar) loads when it is first
 * used: until then a light stand-in shows the label and the chosen value, named as the real one
 * is; asking for it brings the real widget, open. The real widget's first render is a transition,
 * so the stand-in keeps focus and its value until the widget takes them. Call it at module scope.
 */
export function lazyWithStandIn<TProps extends object, TRealProps extends object>({
  load,
  StandIn,
  toReal,
}: LazyWithStandInOptions<TProps, TRealProps>): ComponentType<TProps> {
  const Real = lazy(() => load().then((component) => ({ default: component })));
  const preload = () => void load().catch(() => undefined);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per widget at module scope, as React.lazy is.
  return function LazyWidget(props: TProps) {
    const [isWanted, setWanted] = useState(false);
    const [isPending, startTransition] = useTransition();
    const standIn = (
      <StandIn
        {...props}
        isPending={isPending}
        onOpen={() => startTransition(() => setWanted(true))}
        onIntent={preload}
      />
    );
    return <Suspense fallback={standIn}>{isWanted ? <Real {...toReal(props)} /> : standIn}</Suspense>;
  };
}
