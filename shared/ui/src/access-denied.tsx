import { useKitWords } from './kit-words';

/** The message a signed-in user gets on a page their permissions do not open (not a raw API error). */
export const ACCESS_DENIED_TEXT = 'You do not have access to this page';

/** The card shown in place of a page the user may not open. */
export function AccessDenied() {
  const words = useKitWords();
  return (
    <section className="card access-denied" role="status">
      <h2>{words('ui.accessDenied.title', ACCESS_DENIED_TEXT)}</h2>
      <p>{words('ui.accessDenied.hint', 'Ask an administrator if you think you should.')}</p>
    </section>
  );
}
