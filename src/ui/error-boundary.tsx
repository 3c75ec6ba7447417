import { Component, type ErrorInfo, type ReactNode } from 'react';
import './button.css';
import './error-screen.css';

export const ERROR_TITLE = 'Something went wrong';
export const ERROR_TEXT =
  'We encountered an error while loading this page. Please try refreshing or contact support if the problem persists.';

interface Props {
  children: ReactNode;
  /** A change of this value (e.g. the location) clears a shown error. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** Catches rendering errors below it and shows the error screen; 'Try Again' re-renders. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for support; the user sees the error screen.
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <ErrorScreen onRetry={() => this.setState({ error: null })} />;
  }
}

export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="error-screen">
      <h1>{ERROR_TITLE}</h1>
      <p>{ERROR_TEXT}</p>
      {/* A native button: this screen must work even when the widget library failed to load. */}
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
