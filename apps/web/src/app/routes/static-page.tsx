import { PAGE_NOT_FOUND } from '@flick/contract';
import { Link, useParams } from 'react-router';
import { BackButton } from '../../components/ui/back-button.tsx';
import { DocumentOffIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { usePage } from '../../features/static-pages/api/get-page.ts';
import { PageContent } from '../../features/static-pages/components/page-content.tsx';
import { t } from '../../lib/i18n.ts';

/** viewer.md §2 "/page/{slug}": loading, then the page, or "Page not found" on any failure. */
export function StaticPageRoute() {
  const { slug = '' } = useParams();
  const page = usePage(slug);

  return (
    <div className="mx-auto w-full max-w-2xl px-5 pt-3 pb-16 lg:px-8 lg:pt-10">
      <BackButton />
      {page.isPending ? (
        <div className="grid min-h-[50dvh] place-items-center">
          <Spinner />
        </div>
      ) : page.isError ? (
        <section className="flex min-h-[55dvh] animate-rise-in flex-col items-center justify-center text-center">
          <title>{`${t(PAGE_NOT_FOUND)} · Flick`}</title>
          <span className="mb-6 grid size-20 place-items-center rounded-3xl border border-line bg-surface-1 text-muted">
            <DocumentOffIcon width="36" height="36" />
          </span>
          <h1 className="text-2xl font-extrabold tracking-tight">{t(PAGE_NOT_FOUND)}</h1>
          <p className="mt-3 max-w-xs leading-relaxed text-muted">{t('This page is not available. It may have moved, or the address may be mistyped.')}</p>
          <Link to={paths.home} className="btn btn-primary mt-8 min-w-48">
            {t('Back to Home')}
          </Link>
        </section>
      ) : (
        <article className="animate-rise-in">
          <title>{`${page.data.title} · Flick`}</title>
          <header className="mt-4 mb-8 border-b border-line pb-6">
            <h1 className="text-[1.875rem] leading-tight font-extrabold tracking-tight text-balance lg:text-4xl">{page.data.title}</h1>
          </header>
          <PageContent html={page.data.content} />
        </article>
      )}
    </div>
  );
}
