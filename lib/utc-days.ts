const DAY_MS = 86_400_000;

/** The last `days` UTC days up to `now`'s, oldest first (YYYY-MM-DD), with the first and the last. */
export function utcDayRange(days: number, now: Date): { from: string; to: string; dayList: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayList = Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
  return { from: dayList[0]!, to: dayList[dayList.length - 1]!, dayList };
}
