import type { RouteIcon } from '@outpost/contracts';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  Ban,
  Bell,
  BookOpen,
  Calendar,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  Circle,
  CircleAlert,
  CircleCheck,
  CircleDashed,
  CircleDot,
  CircleX,
  Copy,
  ExternalLink,
  Gauge,
  House,
  Inbox,
  Info,
  Link,
  LogOut,
  type LucideIcon,
  Menu,
  MessageSquare,
  Moon,
  NotebookPen,
  Pencil,
  Play,
  Plus,
  RefreshCw,
  RotateCw,
  Save,
  ScrollText,
  Search,
  Server,
  Settings,
  Share2,
  Shield,
  Square,
  Sun,
  Trash2,
  TriangleAlert,
  User,
  Users,
  WandSparkles,
  X,
} from 'lucide-react';
import { memo } from 'react';

// SVG icons from one maintained library (lucide), imported one by one so the bundle carries only
// these. Emoji showed as empty boxes on machines without an emoji font; SVG renders the same everywhere.
const ROUTE_GLYPHS: Record<RouteIcon, LucideIcon> = {
  home: House,
  search: Search,
  book: BookOpen,
  shield: Shield,
  server: Server,
  users: Users,
  ban: Ban,
  note: NotebookPen,
  log: ScrollText,
  share: Share2,
  plus: Plus,
  link: Link,
  chat: MessageSquare,
  calendar: Calendar,
  gauge: Gauge,
  wand: WandSparkles,
  external: ExternalLink,
};

/** Icons for buttons and states, beside the route icons. */
const UI_GLYPHS = {
  close: X,
  previous: ChevronLeft,
  next: ChevronRight,
  expand: ChevronDown,
  edit: Pencil,
  delete: Trash2,
  refresh: RefreshCw,
  restart: RotateCw,
  start: Play,
  stop: Square,
  save: Save,
  copy: Copy,
  check: Check,
  info: Info,
  warning: TriangleAlert,
  error: CircleAlert,
  success: CircleCheck,
  empty: Inbox,
  'sort-ascending': ArrowUp,
  'sort-descending': ArrowDown,
  sortable: ArrowUpDown,
  bell: Bell,
  user: User,
  logout: LogOut,
  settings: Settings,
  menu: Menu,
  sun: Sun,
  moon: Moon,
  'status-empty': Circle,
  'status-players': CircleDot,
  'status-no-data': CircleDashed,
  'status-offline': CircleX,
} satisfies Record<string, LucideIcon>;

export type UiIcon = keyof typeof UI_GLYPHS;
/** Every icon the kit draws: the route icons of the contracts plus the button/state icons. */
export type IconName = RouteIcon | UiIcon;

const GLYPHS: Record<IconName, LucideIcon> = { ...ROUTE_GLYPHS, ...UI_GLYPHS };

/**
 * An SVG icon. Decorative (aria-hidden) unless `label` is given, then it is an image with that name.
 * Unknown or missing names draw nothing. Memoized: a table row's status icon or a nav entry's
 * glyph need not be drawn again when its parent re-renders with the same name.
 */
export const Icon = memo(function Icon({
  name,
  label,
  size = 16,
}: {
  name: IconName | undefined;
  label?: string;
  size?: number;
}) {
  const Glyph = name ? GLYPHS[name] : undefined;
  if (!Glyph) return null;
  return label ? (
    <Glyph className="icon" size={size} role="img" aria-label={label} focusable="false" />
  ) : (
    <Glyph className="icon" size={size} aria-hidden="true" focusable="false" />
  );
});
