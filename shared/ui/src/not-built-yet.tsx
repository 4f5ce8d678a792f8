import { useKitWords } from './kit-words';

/** What a page that a later issue builds shows until then: plainly, no pretending. */
export function NotBuiltYet({ title }: { title: string }) {
  const say = useKitWords();
  return (
    <section className="not-built-yet" aria-label={title}>
      <h2>{title}</h2>
      <p>{say('ui.notBuilt.text', 'This section is not built yet')}</p>
    </section>
  );
}

/** A page loader for a route whose page a later issue builds. */
export function notBuiltYetPage(title: string) {
  return () => Promise.resolve({ default: notBuiltYetComponent(title) });
}

function notBuiltYetComponent(title: string) {
  // biome-ignore lint/correctness/noComponentHookFactories: one placeholder component per route title, made once per manifest
  return function NotBuiltYetPage() {
    return <NotBuiltYet title={title} />;
  };
}
