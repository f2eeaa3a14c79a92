import { Icon, type IconProps } from './icons.tsx';

/**
 * Icons of the upload screen and the creator's video list. Kept apart from icons.tsx, which the
 * initial JavaScript imports, so that they download with those screens only.
 */

export const FilmIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M6 7h2M6 12h2M6 17h2M16 7h2M16 12h2M16 17h2" />
  </Icon>
);

export const TrashIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4.5 7h15M9.5 7V5a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v2M6.5 7l.8 11.6A1.5 1.5 0 0 0 8.8 20h6.4a1.5 1.5 0 0 0 1.5-1.4L17.5 7M10 11v5M14 11v5" />
  </Icon>
);

export const TrendingIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m3.5 16.5 6-6 4 4 7-7.5" />
    <path d="M15 7h5.5v5.5" />
  </Icon>
);

export const PhoneIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="7" y="2.5" width="10" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </Icon>
);

export const SparkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3.5c.6 3.9 2.6 5.9 6.5 6.5-3.9.6-5.9 2.6-6.5 6.5-.6-3.9-2.6-5.9-6.5-6.5 3.9-.6 5.9-2.6 6.5-6.5z" />
    <path d="M18.5 16v4M16.5 18h4" />
  </Icon>
);
