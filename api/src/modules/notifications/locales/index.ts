import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import pl from './pl.json' with { type: 'json' };
import ptBR from './pt-BR.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import tr from './tr.json' with { type: 'json' };
import zhCN from './zh-CN.json' with { type: 'json' };

// The notifications' sentences per locale (notification-words.ts draws them); English is every
// message's fallback and the list of ids.
export const ENGLISH = en;
export const CATALOGS: Record<string, Record<string, string>> = {
  en,
  de,
  es,
  pl,
  'pt-BR': ptBR,
  ru,
  tr,
  'zh-CN': zhCN,
};
