// The kit-usage rules (DESIGN rule 9, issue 22): a remote composes @outpost/ui and lays its pages
// out; it draws no table, button look, colour or date format of its own. Each rule reads one
// file's text and answers the offending lines. Pure, so each has a fixture test.

/** The CSS named colours (CSS Color 4), lower case; transparent and currentcolor are not colours of one's own. */
const NAMED_COLOURS = new Set(
  (
    'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
    'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
    'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
    'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
    'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
    'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
    'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
    'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
    'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
    'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
    'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
    'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
    'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
    'whitesmoke yellow yellowgreen'
  ).split(' '),
);

const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;
const HEX = /#[0-9a-f]{3,8}\b/i;
const COLOUR_PROPERTY =
  /^(?:color|background|background-color|border(?:-(?:top|right|bottom|left|block|inline))?(?:-color)?|outline(?:-color)?|fill|stroke|box-shadow|text-shadow|text-decoration(?:-color)?|caret-color|accent-color|column-rule(?:-color)?)$/i;

/** Lines (1-based) with their text, comments blanked out but line numbers kept. */
function lines(text, commentPattern) {
  const blanked = text.replace(commentPattern, (comment) => comment.replace(/[^\n]/g, ' '));
  return blanked.split('\n').map((line, index) => ({ line: index + 1, text: line }));
}
const CSS_COMMENT = /\/\*[\s\S]*?\*\//g;
const JS_COMMENT = /\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g;

function hasNamedColour(value) {
  return value
    .toLowerCase()
    .split(/[^a-z-]+/)
    .some((word) => NAMED_COLOURS.has(word));
}

/** A CSS value (or a style prop's) that names a colour of its own instead of a token. */
export function ownColour(value) {
  const withoutVars = value.replace(/var\(--[\w-]+/g, 'var(');
  return HEX.test(withoutVars) || COLOUR_FUNCTION.test(withoutVars) || hasNamedColour(withoutVars);
}

/** no-own-colour in CSS: declarations of colour properties whose value is not made of tokens. */
function cssColours(text) {
  const found = [];
  for (const { line, text: source } of lines(text, CSS_COMMENT)) {
    for (const match of source.matchAll(/([a-z-]+)\s*:\s*([^;{}]+)/gi)) {
      const [, property, value] = match;
      if (property.startsWith('--')) continue;
      const colourish = COLOUR_PROPERTY.test(property) || HEX.test(value) || COLOUR_FUNCTION.test(value);
      if (colourish && ownColour(value)) found.push({ line, excerpt: match[0].trim() });
    }
  }
  return found;
}

/** no-own-colour in TSX: colour literals in strings (style props, inline SVG fills). */
function tsxColours(text) {
  const found = [];
  for (const { line, text: source } of lines(text, JS_COMMENT)) {
    for (const match of source.matchAll(/(['"`])([^'"`]*)\1/g)) {
      const value = match[2];
      const before = source.slice(0, match.index);
      const styleKey =
        /\b(?:color|background(?:Color)?|border(?:Color)?|fill|stroke|outline(?:Color)?)\s*[:=]\s*\{?$/.test(
          before.trimEnd(),
        );
      if (HEX.test(value) && /^#[0-9a-f]{3,8}$/i.test(value.trim())) found.push({ line, excerpt: match[0] });
      else if (COLOUR_FUNCTION.test(value)) found.push({ line, excerpt: match[0] });
      else if (styleKey && hasNamedColour(value)) found.push({ line, excerpt: match[0] });
    }
  }
  return found;
}

/** Physical left/right in CSS declarations: an RTL locale would not mirror them (issue 27 item 5). */
const PHYSICAL_PROPERTY =
  /^(?:(?:margin|padding)-(?:left|right)|border-(?:left|right)(?:-(?:width|style|color))?|border-(?:top|bottom)-(?:left|right)-radius|left|right)$/i;
const SIDE_VALUE_PROPERTY = /^(?:text-align|float|clear)$/i;

function cssPhysical(text) {
  const found = [];
  // Declarations only: a property at the start of a line, or after { or ; (never a selector's :hover).
  for (const { line, text: source } of lines(text, CSS_COMMENT)) {
    for (const match of source.matchAll(/(?:^|[{;])\s*([a-z-]+)\s*:\s*([^;{}]+)/gi)) {
      const [, property, value] = match;
      if (PHYSICAL_PROPERTY.test(property) || (SIDE_VALUE_PROPERTY.test(property) && /\b(?:left|right)\b/i.test(value)))
        found.push({ line, excerpt: `${property}: ${value.trim()}` });
    }
  }
  return found;
}

/** The same in TSX style objects: marginLeft, paddingRight, borderLeft..., textAlign: 'left'. */
function tsxPhysical(text) {
  const pattern =
    /\b(?:margin|padding|border)(?:Left|Right)\w*\s*:|\b(?:textAlign|float|clear)\s*:\s*['"`](?:left|right)['"`]/;
  return lines(text, JS_COMMENT)
    .filter(({ text: source }) => pattern.test(source))
    .map(({ line, text: source }) => ({ line, excerpt: source.trim() }));
}

/** The kit's look classes a remote may not put on its own elements. */
const LOOK_CLASSES = new Set([
  'button',
  'link-button',
  'tab',
  'tabs',
  'tag',
  'table',
  'modal-card',
  'pager',
  'input',
  'fieldset',
  'checkbox-field',
  'radio-field',
]);

export const RULES = {
  'no-physical-direction': {
    why: 'use logical properties (margin-inline-start, padding-inline-end, inset-inline-start, border-inline-start, text-align: start) so right-to-left locales mirror',
    files: /\.(css|tsx)$/,
    // Not only remotes: the shell and the kit lay out pages too.
    everywhere: true,
    check(text, file) {
      return file.endsWith('.css') ? cssPhysical(text) : tsxPhysical(text);
    },
  },
  'no-raw-table': {
    why: 'draw tables with DataTable (or ListPage) from @outpost/ui: sortable, cards on phones',
    files: /\.tsx$/,
    check(text) {
      return lines(text, JS_COMMENT)
        .filter(({ text: source }) => /<table[\s>]/.test(source))
        .map(({ line, text: source }) => ({ line, excerpt: source.trim() }));
    },
  },
  'no-raw-field': {
    why: 'draw form controls with Input, Select, TextArea, Checkbox, RadioGroup (in a Field or Fieldset) from @outpost/ui',
    files: /\.tsx$/,
    check(text) {
      return lines(text, JS_COMMENT)
        .filter(({ text: source }) => /<(?:input|select|textarea|fieldset)(?=[\s>/]|$)/.test(source))
        .map(({ line, text: source }) => ({ line, excerpt: source.trim() }));
    },
  },
  'no-button-look': {
    why: 'use Button, LinkButton or ButtonLink (and Tabs, Tag, DataTable, Pager) from @outpost/ui, not their classes',
    files: /\.tsx$/,
    check(text) {
      const found = [];
      for (const { line, text: source } of lines(text, JS_COMMENT)) {
        for (const match of source.matchAll(/className=\{?([^>]*)/g)) {
          const expression = match[1].replace(/\$\{[^}]*\}/g, ' ');
          const strings = [...expression.matchAll(/(['"`])([^'"`]*)\1/g)].map((literal) => literal[2]);
          const tokens = strings.flatMap((value) => value.split(/[\s$]+/));
          const look = tokens.find((token) => LOOK_CLASSES.has(token));
          if (look) found.push({ line, excerpt: `className with '${look}'` });
        }
      }
      return found;
    },
  },
  'no-own-colour': {
    why: 'colours come from the theme tokens (var(--fg), var(--danger), ...) or a kit component (StatusBadge, Tag, Callout)',
    files: /\.(css|tsx)$/,
    check(text, file) {
      return file.endsWith('.css') ? cssColours(text) : tsxColours(text);
    },
  },
  'no-own-date-format': {
    why: "dates go through @outpost/ui's DateTime, formatDate / formatRelativeTime / formatDay, toLocalInputValue (SPEC 9, one format); counts through formatCount",
    files: /\.(ts|tsx)$/,
    check(text) {
      const pattern =
        /\.(?:toLocaleString|toLocaleDateString|toLocaleTimeString)\(|\bIntl\.(?:DateTimeFormat|RelativeTimeFormat)\b|\.get(?:UTC)?FullYear\(\)/;
      return lines(text, JS_COMMENT)
        .filter(({ text: source }) => pattern.test(source))
        .map(({ line, text: source }) => ({ line, excerpt: source.trim() }));
    },
  },
};
