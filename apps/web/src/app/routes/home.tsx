import { Link } from 'react-router';
import { PlayIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../config/paths.ts';

/**
 * viewer.md §2 "/": the home feed. Until creators have published videos it shows an empty feed,
 * framed like the vertical player it will become.
 */
export function HomeRoute() {
  return (
    <section className="screen-center p-4 lg:p-6">
      <title>Flick</title>
      <div className="feed-frame">
        <span className="grid size-20 place-items-center rounded-full bg-brand text-white shadow-glow">
          <PlayIcon width="34" height="34" className="ml-1" />
        </span>
        <h1 className="mt-7 text-[1.625rem] font-extrabold tracking-tight">No videos yet</h1>
        <p className="mt-3 max-w-[17rem] leading-relaxed text-balance text-muted">
          Short clips from live-cam creators play here as soon as they are published.
        </p>
        <div className="mt-8 flex w-full max-w-[16rem] flex-col gap-3">
          <Link to={paths.discover} viewTransition className="btn btn-primary">
            Explore Discover
          </Link>
          <Link to={paths.register} viewTransition className="btn btn-secondary">
            Creator? Upload a video
          </Link>
        </div>
      </div>
    </section>
  );
}
