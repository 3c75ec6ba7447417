/**
 * Live announcements that are not snackbar messages (a sort, a selection, the basket's count):
 * React Aria's announcer, the one live region the page shares with React Aria's own widgets.
 */
export { announce } from 'react-aria/private/live-announcer/LiveAnnouncer';
