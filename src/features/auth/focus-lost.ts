/**
 * A ref for a signed-out screen's heading (tabIndex -1): when the screen appears and nothing holds
 * focus (the link that led here went with the screen before it, or signing out removed the
 * signed-in screens), the heading takes it, so Tab goes on from the top of this screen instead of
 * from <body>. On a first load focus is nowhere too; the heading shows no ring (auth.css).
 */
export function focusIfLost(heading: HTMLElement | null) {
  const active = document.activeElement;
  if (heading && (active === null || active === document.body)) heading.focus();
}
