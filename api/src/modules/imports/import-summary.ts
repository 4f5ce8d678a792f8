// What an import run did, per kind of row: how many were imported, how many skipped and
// why, and remarks on imported rows (kept without their deleted admin...). Printed as a table.

interface KindTally {
  imported: number;
  skipped: Map<string, number>;
  remarks: Map<string, number>;
}

export interface SummaryRow {
  kind: string;
  imported: number;
  skipped: number;
  /** "reason: count" lines, skip reasons first. */
  details: string[];
}

export class ImportSummary {
  private readonly kinds = new Map<string, KindTally>();

  private tally(kind: string): KindTally {
    let tally = this.kinds.get(kind);
    if (!tally) {
      tally = { imported: 0, skipped: new Map(), remarks: new Map() };
      this.kinds.set(kind, tally);
    }
    return tally;
  }

  /** Declares a kind so it shows (with zeros) even when its table was empty. */
  declare(kind: string): void {
    this.tally(kind);
  }

  imported(kind: string, count = 1): void {
    this.tally(kind).imported += count;
  }

  skipped(kind: string, reason: string, count = 1): void {
    const map = this.tally(kind).skipped;
    map.set(reason, (map.get(reason) ?? 0) + count);
  }

  remark(kind: string, remark: string, count = 1): void {
    const map = this.tally(kind).remarks;
    map.set(remark, (map.get(remark) ?? 0) + count);
  }

  importedCount(kind: string): number {
    return this.kinds.get(kind)?.imported ?? 0;
  }

  skippedCount(kind: string, reason?: string): number {
    const skipped = this.kinds.get(kind)?.skipped;
    if (!skipped) return 0;
    if (reason !== undefined) return skipped.get(reason) ?? 0;
    return [...skipped.values()].reduce((sum, n) => sum + n, 0);
  }

  remarkCount(kind: string, remark: string): number {
    return this.kinds.get(kind)?.remarks.get(remark) ?? 0;
  }

  totalImported(): number {
    return [...this.kinds.values()].reduce((sum, tally) => sum + tally.imported, 0);
  }

  rows(): SummaryRow[] {
    return [...this.kinds.entries()].map(([kind, tally]) => ({
      kind,
      imported: tally.imported,
      skipped: [...tally.skipped.values()].reduce((sum, n) => sum + n, 0),
      details: [
        ...[...tally.skipped.entries()].map(([reason, n]) => `skipped, ${reason}: ${n}`),
        ...[...tally.remarks.entries()].map(([remark, n]) => `${remark}: ${n}`),
      ],
    }));
  }

  /** A plain-text table, one line per detail. */
  format(): string {
    const header = ['what', 'imported', 'skipped', 'details'];
    const lines: string[][] = [];
    for (const row of this.rows()) {
      const [first, ...rest] = row.details.length > 0 ? row.details : [''];
      lines.push([row.kind, String(row.imported), String(row.skipped), first as string]);
      for (const detail of rest) lines.push(['', '', '', detail]);
    }
    const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
    const render = (cells: string[]) =>
      `| ${cells.map((cell, column) => (column === 1 || column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
    return [render(header), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...lines.map(render)].join(
      '\n',
    );
  }
}
