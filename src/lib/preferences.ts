/** Preferences kept in the browser (behaviour §4): each with its schema and default. */
import { z } from 'zod/mini';
import { persisted } from './persisted';

export const themePreferences = ['light', 'dark', 'system'] as const;

/** Light, dark, or follow the system; `public/theme-init.js` reads the same key before first paint. */
export const themePreference = persisted('theme', z.enum(themePreferences), 'system');
/** The left menu's open state; open by default. */
export const menuOpen = persisted('menu-open', z.boolean(), true);
/** On: the basket button opens a popover; off: it goes to /offers/order. */
export const popupBasket = persisted('popup-basket', z.boolean(), true);

/** The rows-per-page choices every grid offers. */
export const pageSizes = [10, 25, 50, 100] as const;
/** Rows per page, shared by every grid: the last size chosen anywhere is used everywhere. */
export const pageSize = persisted('page-size', z.literal(pageSizes), 10);
