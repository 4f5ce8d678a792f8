import { useLocaleStore } from '@outpost/host';

interface PlayTimeFormats {
  hours: Intl.NumberFormat;
  minutes: Intl.NumberFormat;
  list: Intl.ListFormat;
}

// Built once per locale: Intl formatters are costly to make and a leaderboard page formats fifty times.
const formats = new Map<string, PlayTimeFormats>();

function formatsFor(locale: string): PlayTimeFormats {
  let found = formats.get(locale);
  if (!found) {
    found = {
      hours: new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short' }),
      minutes: new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
      // 'unit' lists join as the locale writes a duration ('3 hr 20 min' in English), like
      // Intl.DurationFormat, which not every supported browser has yet.
      list: new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }),
    };
    formats.set(locale, found);
  }
  return found;
}

/**
 * Seconds played, in whole hours and minutes as the panel's active locale writes them:
 * '3 hr 20 min' (or '45 min', '0 min') in English, '3 Std., 20 Min.' in German.
 */
export function formatPlayTime(seconds: number): string {
  const { hours: hoursFormat, minutes: minutesFormat, list } = formatsFor(useLocaleStore.getState().locale);
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return minutesFormat.format(minutes);
  return list.format([hoursFormat.format(hours), minutesFormat.format(minutes % 60)]);
}
