import { screen, waitFor, within } from '@testing-library/react';
import { focus, heard, listen } from '../../support/screen-reader';
import { moonRun, renderManageOffers, rowHeader } from './announcement-fixtures';

it.each(['Keep their version', 'Escape'])('probe %s', async (how) => {
  const { user } = renderManageOffers({ saves: [{ status: 409, body: { detail: 'x', code: 'stale_version', offers: [{ ...moonRun, version: 5, product: 'Moon Run (2026)' }] } }] });
  const row = (await rowHeader('Moon Run')).closest('tr') as HTMLElement;
  await listen();
  await focus(within(row).getByRole('gridcell', { name: 'Quartz Games' }));
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Product' })).toHaveFocus());
  await user.keyboard(' II{Enter}');
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  await heard();
  if (how === 'Escape') await user.keyboard('{Escape}'); else await user.click(within(dialog).getByRole('button', { name: how }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await new Promise((r) => setTimeout(r, 500));
  console.log('AFTER', how, JSON.stringify(await heard()), document.activeElement?.outerHTML.slice(0, 80));
}, 60000);
