/**
 * How wide a grid tile is, for picking a thumbnail size. Under 1024 px every grid has 3 columns (My
 * videos 4 from 640 px) across the page less its padding: at most a third of the viewport. From 1024 px
 * 5 columns: the widest is the tag and rating grids' (max-w-5xl, 1024 px, less 2x32 px padding and
 * 4x8 px gaps = 186 px); the profile's, beside its panel, are ~110-135 px. Under 640 px (phones) a
 * third of the viewport less the page's padding and the two gaps, 114-117 px at 390 px: "33vw" would
 * make a phone at pixel ratio 3 pick a file a size larger than its box needs (issue 18).
 */
export const GRID_THUMB_SIZES = '(min-width: 1024px) 186px, (min-width: 640px) 33vw, calc((100vw - 40px) / 3)';
