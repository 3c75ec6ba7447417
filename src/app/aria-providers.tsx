/** React Aria's locale and router: only the signed-in screens use its widgets and links. */
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useLocation } from 'wouter';

export function AriaProviders({ children }: { children: React.ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <I18nProvider locale="en-US">
      <RouterProvider navigate={navigate}>{children}</RouterProvider>
    </I18nProvider>
  );
}
