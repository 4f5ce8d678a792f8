// <input type="datetime-local"> speaks local 'YYYY-MM-DDTHH:mm'; the API speaks epoch seconds.

export function secondsToLocalInput(seconds: string): string {
  const value = Number(seconds);
  if (!seconds || !Number.isFinite(value)) return '';
  const date = new Date(value * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function localInputToSeconds(text: string): string {
  if (!text) return '';
  const time = new Date(text).getTime();
  return Number.isFinite(time) ? String(Math.floor(time / 1000)) : '';
}
