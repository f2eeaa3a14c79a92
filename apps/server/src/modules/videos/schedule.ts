/**
 * 'YYYY-MM-DD HH:mm' on the wall clock of an IANA zone, as an instant (accounts.md §3 uploadDate and
 * uploadDateTimezone). Returns undefined for a date that does not exist or an unknown zone.
 */
export function zonedTimeToUtc(local: string, timeZone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
  } catch {
    return undefined;
  }
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCMonth() !== month - 1 || new Date(wall).getUTCDate() !== day) return undefined;
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
    return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!) - instant;
  };
  // Two passes settle the offset around daylight-saving changes.
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant);
}
