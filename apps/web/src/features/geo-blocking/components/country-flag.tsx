import { lazy, Suspense } from 'react';

const loadFlagImage = () => import('./flag-image.tsx');
const FlagImage = lazy(loadFlagImage);

/** Starts downloading the flags' URLs while the list is still being asked for. */
export function preloadFlags() {
  void loadFlagImage();
}

const frame = 'h-6 w-8 flex-none rounded-[5px] ring-1 ring-line-strong';

/** Beside the country's name, so decorative; until the flag is here, or for a code without one, an empty frame. */
export function CountryFlag({ code }: { code: string }) {
  return (
    <span aria-hidden="true" className={`${frame} grid overflow-hidden bg-surface-3`}>
      <Suspense fallback={null}>
        <FlagImage code={code} className="size-full" />
      </Suspense>
    </span>
  );
}
