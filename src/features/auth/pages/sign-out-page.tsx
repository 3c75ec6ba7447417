import { useEffect } from 'react';
import { SessionContext } from '@/core/session/session';
import { PageLoading } from '@/ui/page-loading';

/** /signout: removes the tokens (the basket stays) and lands on /signin. */
export function SignOutPage() {
  const session = SessionContext.useActorRef();
  useEffect(() => {
    session.send({ type: 'session.signOut' });
  }, [session]);
  return <PageLoading label="Signing out…" />;
}
