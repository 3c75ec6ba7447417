/** React Aria's locale and router: only the signed-in screens use its widgets and links. */
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';
import { DATE_LOCALE } from '@/lib/dates';

export function AriaProviders({ children }: { children: React.ReactNode }) {
  const [, navigate] = useLocation();
  return (
    // The locale matters to React Aria's dates only: day first (src/lib/dates.ts).
    <I18nProvider locale={DATE_LOCALE}>
      <RouterProvider navigate={navigate}>{children}</RouterProvider>
    </I18nProvider>
  );
}
