/** Everything around one page as the running app has it (component tests render pages in it). */
import { AriaProviders } from './aria-providers';
import { type ProvidersProps, SessionProviders } from './session-providers';

export function Providers({ children, clients }: ProvidersProps) {
  return (
    <SessionProviders {...(clients ? { clients } : {})}>
      <AriaProviders>{children}</AriaProviders>
    </SessionProviders>
  );
}
