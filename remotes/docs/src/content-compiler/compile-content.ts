import fs from 'node:fs';
import path from 'node:path';
import {
  type DocsCommand,
  type DocsContent,
  type DocsCvar,
  type DocsPage,
  type DocsTable,
  type DocsTutorial,
  isLocale,
  LOCALES,
  type Locale,
  type Tour,
  tourSchema,
} from '@outpost/contracts';
import type { z } from 'zod';
import { DOCS_PAGE_IDS, DOCS_PAGES } from '../docs-pages';
import { parseUsage, showAllowed } from './parse-usage';
import { buildSearchIndex } from './search-index';
import {
  commandsFileSchema,
  cvarsFileSchema,
  tableFileSchema,
  tourFileSchema,
  tutorialFrontMatterSchema,
} from './source-schemas';
import { type ContentProblem, formatProblem, parseYaml, splitFrontMatter, type YamlFile } from './yaml-file';

// Compiles remotes/docs/content/ into what the pages show, the tours the shell runs and the
// search index the API reads. Every problem is collected with its file and line; any problem
// fails the build (ContentBuildError), so nothing malformed is ever shown.

/** A locale's translated pages: page id → markdown (content/<locale>/pages/<id>.md). */
export type PageTranslations = Record<string, string>;

/** The folders content/ has besides the locale folders. */
const CONTENT_FOLDERS = ['pages', 'tables', 'tours', 'tutorials'];

export interface CompiledDocs {
  content: DocsContent;
  /**
   * Every locale but English, with the pages its docs team translated (empty when none): shipped
   * per locale (docsContentPlugin), never inside `content`, so a visitor downloads only theirs.
   */
  translations: Record<Exclude<Locale, 'en'>, PageTranslations>;
  tours: Tour[];
  searchIndex: ReturnType<typeof buildSearchIndex>;
}

export class ContentBuildError extends Error {
  constructor(readonly problems: ContentProblem[]) {
    super(`The docs content has ${problems.length} problem(s):\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'ContentBuildError';
  }
}

export function compileContent(contentDir: string): CompiledDocs {
  const compiler = new Compiler(contentDir);
  const result = compiler.run();
  if (compiler.problems.length > 0) throw new ContentBuildError(compiler.problems);
  return result;
}

class Compiler {
  readonly problems: ContentProblem[] = [];
  constructor(private readonly dir: string) {}

  private display(file: string) {
    return path.join(path.basename(this.dir), path.relative(this.dir, file)).split(path.sep).join('/');
  }

  private problem(file: string, line: number, reason: string) {
    this.problems.push({ file: this.display(file), line, reason });
  }

  private files(sub: string, ext: RegExp): string[] {
    const folder = path.join(this.dir, sub);
    if (!fs.existsSync(folder)) return [];
    return fs
      .readdirSync(folder)
      .filter((name) => ext.test(name))
      .sort()
      .map((name) => path.join(folder, name));
  }

  /** Reads a YAML file (or front matter) and checks it against its schema; null when it fails. */
  private validated<S extends z.ZodType>(yaml: YamlFile, schema: S): z.output<S> | null {
    if (yaml.problems.length) {
      this.problems.push(...yaml.problems);
      return null;
    }
    const parsed = schema.safeParse(yaml.data ?? {});
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      this.problems.push({ file: yaml.file, line: yaml.lineOf(issue.path), reason: `${where}${issue.message}` });
    }
    return null;
  }

  private yaml(file: string): YamlFile {
    return parseYaml(this.display(file), fs.readFileSync(file, 'utf8'));
  }

  private markdown<S extends z.ZodType>(
    file: string,
    schema: S,
  ): { meta: z.output<S>; body: string; yaml: YamlFile } | null {
    const text = fs.readFileSync(file, 'utf8');
    const split = splitFrontMatter(text);
    if (!split) {
      this.problem(file, 1, 'a tutorial starts with front matter: "---", title and description, then "---"');
      return null;
    }
    const yaml = parseYaml(this.display(file), split.frontMatter, 2);
    const meta = this.validated(yaml, schema);
    if (split.body.trim() === '') this.problem(file, split.bodyLine, 'the page has no text below its front matter');
    return meta ? { meta, body: split.body.trim(), yaml } : null;
  }

  run(): CompiledDocs {
    const pages = this.pages();
    const commands = this.commands();
    const cvars = this.cvars();
    const tables = this.tables();
    const tours = this.tours();
    const tutorials = this.tutorials(tours);
    const content = { pages, commands, cvars, tables, tutorials };
    return { content, translations: this.translations(), tours, searchIndex: buildSearchIndex(content) };
  }

  /** content/<locale>/pages/<id>.md: checked as the English pages are; a page may be missing. */
  private translations(): CompiledDocs['translations'] {
    const translations = Object.fromEntries(
      LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale, {}]),
    ) as CompiledDocs['translations'];
    const folders = fs.existsSync(this.dir) ? fs.readdirSync(this.dir, { withFileTypes: true }) : [];
    for (const folder of folders.filter((entry) => entry.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
      if (CONTENT_FOLDERS.includes(folder.name)) continue;
      const locale = folder.name;
      if (!isLocale(locale) || locale === 'en') {
        const known = LOCALES.filter((l) => l !== 'en').join(', ');
        this.problem(path.join(this.dir, locale), 1, `no locale "${locale}": translation folders are ${known}`);
        continue;
      }
      for (const page of this.pageFiles(path.join(locale, 'pages'), false))
        translations[locale][page.id] = page.markdown;
    }
    return translations;
  }

  private pages(): DocsPage[] {
    return this.pageFiles('pages', true);
  }

  /** The page files under `sub`; `complete`: every docs route must have one (English). */
  private pageFiles(sub: string, complete: boolean): DocsPage[] {
    const pages: DocsPage[] = [];
    const files = this.files(sub, /\.md$/);
    for (const file of files) {
      const id = path.basename(file, '.md');
      const info = DOCS_PAGES.find((page) => page.id === id);
      if (!info) {
        this.problem(
          file,
          1,
          `no docs route "${id}": page files are ${DOCS_PAGE_IDS.map((p) => `${p}.md`).join(', ')}`,
        );
        continue;
      }
      const text = fs.readFileSync(file, 'utf8');
      if (text.startsWith('---')) {
        this.problem(file, 1, "pages have no front matter: their title and description are the route's");
        continue;
      }
      if (text.trim() === '') this.problem(file, 1, 'the page is empty');
      else pages.push({ id, title: info.title, description: info.description, markdown: text.trim() });
    }
    if (complete)
      for (const id of DOCS_PAGE_IDS)
        if (!files.some((file) => path.basename(file, '.md') === id))
          this.problem(path.join(this.dir, sub, `${id}.md`), 1, 'missing: every docs route needs its page');
    return pages;
  }

  private commands(): DocsCommand[] {
    const file = path.join(this.dir, 'commands.yaml');
    if (!fs.existsSync(file)) {
      this.problem(file, 1, 'missing: the command list');
      return [];
    }
    const yaml = this.yaml(file);
    const data = this.validated(yaml, commandsFileSchema);
    if (!data) return [];
    const commands: DocsCommand[] = [];
    data.plugins.forEach((plugin, p) => {
      plugin.commands.forEach((command, c) => {
        const at = ['plugins', p, 'commands', c];
        const usage = parseUsage(command.usage, command.name);
        if (!usage.ok) {
          this.problems.push({
            file: yaml.file,
            line: yaml.lineOf([...at, 'usage']),
            reason: `${command.name}: malformed usage "${command.usage}": ${usage.reason}`,
          });
          return;
        }
        if (commands.some((other) => other.name === command.name)) {
          this.problems.push({
            file: yaml.file,
            line: yaml.lineOf([...at, 'name']),
            reason: `${command.name} is listed twice`,
          });
          return;
        }
        (command.examples ?? []).forEach((example, e) => {
          if (example.split(/\s/)[0] !== command.name)
            this.problems.push({
              file: yaml.file,
              line: yaml.lineOf([...at, 'examples', e]),
              reason: `${command.name}: example "${example}" does not start with the command`,
            });
        });
        commands.push({
          name: command.name,
          plugin: plugin.plugin,
          usage: command.usage,
          description: command.description,
          flag: command.flag ?? null,
          args: usage.args,
          examples: command.examples ?? [],
        });
      });
    });
    return commands;
  }

  private cvars(): DocsCvar[] {
    const file = path.join(this.dir, 'cvars.yaml');
    if (!fs.existsSync(file)) {
      this.problem(file, 1, 'missing: the cvar list');
      return [];
    }
    const data = this.validated(this.yaml(file), cvarsFileSchema);
    if (!data) return [];
    return data.plugins.flatMap((plugin) =>
      plugin.cvars.map((cvar) => ({
        name: cvar.name,
        plugin: plugin.plugin,
        default: cvar.default,
        description: cvar.description,
        allowed: (cvar.allowed ?? []).map(showAllowed),
      })),
    );
  }

  private tables(): DocsTable[] {
    const tables: DocsTable[] = [];
    for (const file of this.files('tables', /\.ya?ml$/)) {
      const yaml = this.yaml(file);
      const data = this.validated(yaml, tableFileSchema);
      if (!data) continue;
      if (!(DOCS_PAGE_IDS as readonly string[]).includes(data.page)) {
        this.problems.push({
          file: yaml.file,
          line: yaml.lineOf(['page']),
          reason: `page: no docs page "${data.page}"`,
        });
        continue;
      }
      tables.push({
        id: path.basename(file).replace(/\.ya?ml$/, ''),
        page: data.page,
        title: data.title,
        columns: data.columns.map((column) => ({ key: column.key, label: column.label, code: column.code ?? false })),
        rows: data.rows,
      });
    }
    return tables;
  }

  private tours(): Tour[] {
    const tours: Tour[] = [];
    for (const file of this.files('tours', /\.ya?ml$/)) {
      const yaml = this.yaml(file);
      const data = this.validated(yaml, tourFileSchema);
      if (!data) continue;
      const parsed = tourSchema.safeParse({ id: path.basename(file).replace(/\.ya?ml$/, ''), ...data });
      if (!parsed.success) {
        this.problem(
          file,
          1,
          `not a valid tour: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
        continue;
      }
      tours.push(parsed.data);
    }
    return tours;
  }

  private tutorials(tours: Tour[]): DocsTutorial[] {
    const tutorials: DocsTutorial[] = [];
    for (const file of this.files('tutorials', /\.md$/)) {
      const page = this.markdown(file, tutorialFrontMatterSchema);
      if (!page) continue;
      const { tour, tourStart } = page.meta;
      if (tour && !tours.some((t) => t.id === tour)) {
        this.problem(file, page.yaml.lineOf(['tour']), `tour: no tour "${tour}" under content/tours`);
        continue;
      }
      const start = tourStart ?? tours.find((t) => t.id === tour)?.steps[0]?.path ?? '/';
      tutorials.push({
        id: path.basename(file, '.md'),
        title: page.meta.title,
        description: page.meta.description,
        markdown: page.body,
        tour: tour ? { id: tour, start } : null,
      });
    }
    return tutorials;
  }
}
