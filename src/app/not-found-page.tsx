import { paths } from '@/core/paths';
import { Link } from '@/ui/link';
import { Page } from '@/ui/page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>There is no page at this address.</p>
      <Link href={paths.root}>Go to the start page</Link>
    </Page>
  );
}
