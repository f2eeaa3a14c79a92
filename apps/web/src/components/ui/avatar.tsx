import { srcSetOf, type ImageSource, type ProfileUser } from '@flick/contract';

/** White or near-black, whichever reads better on a background colour (#rrggbb). */
export function inkOn(color: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(color.slice(start, start + 2), 16) / 255) as [number, number, number];
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  return luminance > 0.42 ? '#0b0b10' : '#ffffff';
}

const sizes = { sm: 'size-12 text-lg', md: 'size-14 text-xl', lg: 'size-24 text-[2.5rem]', xl: 'size-28 text-[3rem]' } as const;
/** The rendered width of each size, for choosing among sized copies. */
const widths = { sm: '48px', md: '56px', lg: '96px', xl: '112px' } as const;

export interface AvatarProps {
  user: Pick<ProfileUser, 'name' | 'username' | 'avatar' | 'color'>;
  size?: keyof typeof sizes;
  /** Draws with this colour instead of the account's (the colour picker's preview). */
  color?: string | null;
  /** Sized copies of the picture (GET /users/{id} avatarSources): the browser picks by screen density. */
  sources?: readonly ImageSource[];
}

/** The account's picture, or its initial on its colour (the brand gradient when it has none). */
export function Avatar({ user, size = 'md', color = user.color, sources = [] }: AvatarProps) {
  const frame = `${sizes[size]} flex-none rounded-full ring-2 ring-white/10`;
  if (user.avatar) {
    const sized = sources.length > 1 ? { srcSet: srcSetOf(sources), sizes: widths[size] } : {};
    return <img src={user.avatar} {...sized} alt="" decoding="async" className={`${frame} object-cover`} />;
  }
  const initial = Array.from((user.name || user.username || '?').trim())[0]?.toUpperCase() ?? '?';
  const valid = color && /^#[0-9a-fA-F]{6}$/.test(color);
  return (
    <span
      aria-hidden="true"
      className={`${frame} grid place-items-center font-extrabold ${valid ? '' : 'bg-brand text-white'}`}
      style={valid ? { backgroundColor: color, color: inkOn(color) } : undefined}
    >
      {initial}
    </span>
  );
}
