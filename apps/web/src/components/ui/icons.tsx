/**
 * The app's icons by name, the one place that says which drawing each name shows.
 *
 * The icons of the screens after signing in are lucide-react's, re-exported one by one so a screen's
 * code carries only the icons it shows; index.css sizes them to their text (1em) unless a class sizes
 * them and draws them with a 1.8 px line, and lucide hides them from assistive technology unless the
 * caller names them.
 *
 * The icons of the public pages (header, catalogue, course page, footer, alerts) are drawn below on the
 * same 24 px grid: the library's renderer and icon data made the course page's first JavaScript 3.6 KB
 * (gzip) larger (docs/BENCHMARKS.md), and those pages' budget does not grow. An icon a public page starts
 * to show moves down here (bench/first-page.mjs lists a `createLucideIcon` script otherwise). Lucide draws
 * no brand marks, so the social links' three are here too.
 */
export {
  Bell as BellIcon,
  Bold as BoldIcon,
  ChevronRight as ChevronRightIcon,
  ClipboardCheck as ClipboardCheckIcon,
  Code as CodeIcon,
  CreditCard as CardIcon,
  Download as DownloadIcon,
  EllipsisVertical as MoreVerticalIcon,
  Eye as EyeIcon,
  FolderPlus as FolderPlusIcon,
  GraduationCap as GraduationIcon,
  GripVertical as GripIcon,
  Heading2 as Heading2Icon,
  Heading3 as Heading3Icon,
  Italic as ItalicIcon,
  Layers as LayersIcon,
  LayoutGrid as GridIcon,
  Link as LinkIcon,
  List as BulletListIcon,
  ListOrdered as NumberedListIcon,
  LogOut as LogoutIcon,
  Mail as MailIcon,
  Pencil as PencilIcon,
  Plus as PlusIcon,
  Quote as QuoteIcon,
  Redo2 as RedoIcon,
  Settings as SettingsIcon,
  SlidersHorizontal as SlidersIcon,
  Sparkle as SparkIcon,
  SquareCode as CodeBlockIcon,
  SquarePlus as PlusSquareIcon,
  Tag as TagIcon,
  Trash2 as TrashIcon,
  Undo2 as UndoIcon,
  Unlink as UnlinkIcon,
  Upload as UploadIcon,
  User as UserIcon,
  UserPlus as UserPlusIcon,
  X as CloseIcon,
} from 'lucide-react';

export * from './drawn-icons';
