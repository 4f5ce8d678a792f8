import { chromeWords } from '../chrome/catalogs';

// The shell's first-load words in English, as the page brings them before the first render
// (app.tsx, startShell); here from their chunk.
await chromeWords.ready();
