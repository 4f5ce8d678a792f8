import { type Document, LineCounter, parseDocument } from 'yaml';

/** A problem in a content file: where it is and why, as the build prints it. */
export interface ContentProblem {
  file: string;
  line: number;
  reason: string;
}

export function formatProblem(problem: ContentProblem): string {
  return `${problem.file}:${problem.line}: ${problem.reason}`;
}

/** A parsed YAML text that can say on which line any value sits. */
export interface YamlFile {
  file: string;
  data: unknown;
  /** 1-based line of the value at `path`, else of its nearest parent that exists. */
  lineOf(path: readonly PropertyKey[]): number;
  problems: ContentProblem[];
}

/** Parses YAML; `firstLine` is where the text starts in its file (front matter sits below '---'). */
export function parseYaml(file: string, text: string, firstLine = 1): YamlFile {
  const lineCounter = new LineCounter();
  const doc: Document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  const problems = doc.errors.map((error) => ({
    file,
    line: lineAt(error.pos[0]),
    reason: `invalid YAML: ${error.message.split('\n')[0]}`,
  }));
  const lineOf = (path: readonly PropertyKey[]) => {
    for (let depth = path.length; depth >= 0; depth--) {
      const node = doc.getIn(path.slice(0, depth) as unknown[], true) as
        | { range?: [number, number, number] }
        | undefined;
      if (node && typeof node === 'object' && node.range) return lineAt(node.range[0]);
    }
    return firstLine;
  };
  return { file, data: problems.length ? null : doc.toJS(), lineOf, problems };
}

/** Splits '---\nyaml\n---\nbody' into its front matter (with the line it starts on) and its body. */
export function splitFrontMatter(text: string): { frontMatter: string; body: string; bodyLine: number } | null {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text);
  if (!match) return null;
  const frontMatter = match[1] as string;
  return {
    frontMatter,
    body: text.slice(match[0].length),
    bodyLine: match[0].split('\n').length,
  };
}
