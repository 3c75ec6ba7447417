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
