import { Icon, type IconProps } from './icons.tsx';

/** Drawn only on lazily loaded screens: kept out of icons.tsx, which the initial JavaScript carries whole. */
export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="10.5" cy="10.5" r="6" />
    <path d="m15 15 5 5" />
  </Icon>
);
