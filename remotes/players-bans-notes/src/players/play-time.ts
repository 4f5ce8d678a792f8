// Built once: Intl formatters are costly to make and a leaderboard page formats fifty times.
const hoursFormat = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'hour', unitDisplay: 'short' });
const minutesFormat = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
// 'unit' lists join as the locale writes a duration ('3 hr 20 min' in English), like Intl.DurationFormat,
// which not every supported browser has yet.
const unitList = new Intl.ListFormat(undefined, { style: 'narrow', type: 'unit' });

/**
 * Seconds played, in whole hours and minutes as the viewer's locale writes them: '3 hr 20 min'
 * (or '45 min', '0 min') in English.
 */
export function formatPlayTime(seconds: number): string {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return minutesFormat.format(minutes);
  return unitList.format([hoursFormat.format(hours), minutesFormat.format(minutes % 60)]);
}
