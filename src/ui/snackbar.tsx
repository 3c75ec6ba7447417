/**
 * The snackbar (behaviour §2): bottom centre, a message, an optional Undo and a close button;
 * types error, success and info; closes after 4000 ms unless given another timeout. Errors are
 * announced assertively, the rest politely. The timer pauses while the pointer or focus is on it.
 * Features show messages through `notify()` (./notify.ts); one <Snackbar/> is mounted at the root.
 *
 * React Aria's queue keeps the timers, the pause and the one visible message; its ToastRegion is
 * not used because it renders every toast as an `alertdialog` around a `role="alert"`, so a
 * "Profile saved" would interrupt a screen reader as an error does. Here only errors are
 * assertive; success and info messages wait politely.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';
import { returnFocusWhenLost } from './keep-focus';
import { noticeQueue as queue } from './notify';
import './snackbar.css';

const subscribe = (listener: () => void) => queue.subscribe(listener);
const current = () => queue.visibleToasts[0] ?? null;

export function Snackbar() {
  const toast = useSyncExternalStore(subscribe, current, current);
  const notice = toast?.content;
  // The queue creates each timer; the countdown starts once the message is on screen.
  useEffect(() => {
    if (!toast?.timer || !toast.timeout) return;
    toast.timer.reset(toast.timeout);
    return () => toast.timer?.pause();
  }, [toast]);
  return (
    // Top layer: an open modal hides the rest of the page from assistive technology, but not this,
    // so messages sent from a dialog are still announced and Undo stays reachable.
    // Focus on Undo or Close goes back where it came from when the message goes with it.
    <section
      ref={returnFocusWhenLost}
      aria-label="Notifications"
      className="snackbar-region"
      data-react-aria-top-layer="true"
    >
      <div role="status" aria-atomic="true" className="visually-hidden">
        {notice && notice.type !== 'error' ? notice.message : ''}
      </div>
      <div role="alert" aria-atomic="true" className="visually-hidden">
        {notice?.type === 'error' ? notice.message : ''}
      </div>
      {toast && notice && (
        // biome-ignore lint/a11y/noStaticElementInteractions: pausing the timer is a courtesy, not an interaction
        <div
          className={`snackbar snackbar--${notice.type}`}
          onMouseEnter={() => queue.pauseAll()}
          onMouseLeave={() => queue.resumeAll()}
          onFocus={() => queue.pauseAll()}
          onBlur={() => queue.resumeAll()}
        >
          <p className="snackbar__message">{notice.message}</p>
          {notice.onUndo && (
            <Button
              variant="quiet"
              className="snackbar__action"
              onPress={() => {
                notice.onUndo?.();
                queue.close(toast.key);
              }}
            >
              Undo
            </Button>
          )}
          <Button
            variant="quiet"
            aria-label="Close notification"
            className="snackbar__close"
            onPress={() => queue.close(toast.key)}
          >
            <CloseIcon />
          </Button>
        </div>
      )}
    </section>
  );
}
