/** Calendar days as the contract writes them (`YYYY-MM-DD`), always in UTC. */

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** Start of a `YYYY-MM-DD` day in UTC, `days` later. */
export function dayStart(day: string, days = 0): Date {
  const start = new Date(`${day}T00:00:00.000Z`);
  start.setUTCDate(start.getUTCDate() + days);
  return start;
}
