import { Button } from './button';
import './load-problem.css';

/** Why a read failed, announced, with "Try again" (a dialog's content, a filter's options). */
export function LoadProblem({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="load-problem">
      <p>{message}</p>
      <Button onPress={onRetry}>Try again</Button>
    </div>
  );
}
