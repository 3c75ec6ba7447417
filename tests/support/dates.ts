/** Reading dates as the screens show them (src/lib/dates.ts holds the convention). */

/**
 * What an element shows, spaces made plain: without the invisible marks React Aria puts around a
 * time to keep it left to right, and with Intl's narrow no-break space before AM/PM as a space.
 */
export const shownText = (element: Element) =>
  (element.textContent ?? '')
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
