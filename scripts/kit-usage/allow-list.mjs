// Files the redraw has not reached yet, by rule. THIS LIST MUST SHRINK TO EMPTY: when you redraw
// a file with the kit, take it off (check-kit-usage fails on an entry whose file already passes).
// Never add a file to it.
export const ALLOW_LIST = {
  'no-physical-direction': [],
  'no-raw-table': [],
  'no-raw-field': [],
  'no-button-look': [],
  'no-own-colour': [],
  'no-own-date-format': [],
};
