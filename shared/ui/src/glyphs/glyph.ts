/** One element of a glyph: its SVG tag and attributes (lucide's icon node, without React keys). */
export type GlyphElement = readonly [tag: string, attributes: Readonly<Record<string, string>>];

/** The drawing of one icon on lucide's 24 x 24 grid. */
export type Glyph = readonly GlyphElement[];
