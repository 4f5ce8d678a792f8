import { useKitWords } from './kit-words';

/**
 * The card shown in place of a page the user may not open (not a raw API error). Its English is
 * the code's own (compile-catalog.cjs, ENGLISH_IN_CODE): the heading is a SPEC string.
 */
export function AccessDenied() {
  const words = useKitWords();
  return (
    <section className="card access-denied" role="status">
      <h2>{words('ui.accessDenied.title', 'You do not have access to this page')}</h2>
      <p>{words('ui.accessDenied.hint', 'Ask an administrator if you think you should.')}</p>
    </section>
  );
}
