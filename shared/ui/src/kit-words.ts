import { i18n } from '@outpost/host';
import { useT } from './i18n';

/**
 * The words of the kit's parts outside its first part (StatusBadge, the reason dialog, the kick
 * action, the markdown editor, form buttons, the not-built-yet page) in the reader's language
 * (issue 27). Their English is the code's own: the build leaves these keys out of the kit's English
 * catalog (shared/build/compile-catalog.cjs, ENGLISH_IN_CODE), which is bundled with the kit's first
 * part and so on every first load. Another locale's message is used when the kit's catalog for it
 * has one, else the English given here.
 */
export function useKitWords(): (id: string, english: string, values?: Record<string, unknown>) => string {
  const t = useT();
  return (id, english, values) => (i18n.messages[id] ? t(id, values) : english);
}
