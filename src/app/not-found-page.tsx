import { Link } from '@/ui/link';
import { Page } from '@/ui/page';
import { paths } from './paths';
import { documentTitle } from './routes';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <title>{documentTitle('Page not found')}</title>
      <p>There is no page at this address.</p>
      <Link href={paths.root}>Go to the start page</Link>
    </Page>
  );
}
