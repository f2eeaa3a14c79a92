import { adminPageUpdateSchema } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { usePage, type AdminPage } from '../api/get-page.ts';
import { usePages } from '../api/get-pages.ts';
import { useSavePage } from '../api/save-page.ts';
import { formatMoment } from '../admin-format.ts';
import { adminPath } from '../admin-paths.ts';
import { Empty, Failed, Loading } from './admin-ui.tsx';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

function PageList() {
  const pages = usePages();
  if (pages.isPending) return <Loading label={t('Loading the pages')} />;
  if (pages.isError) return <Failed error={pages.error} what={t('The pages')} onRetry={() => void pages.refetch()} />;
  if (pages.data.length === 0) return <Empty>{t('No static page yet.')}</Empty>;
  return (
    <ul className="panel divide-y divide-line overflow-hidden">
      {pages.data.map((page) => (
        <li key={page.slug}>
          <Link to={adminPath('content', 'pages', page.slug)} className="flex items-center gap-4 px-4 py-3.5 transition-colors hover:bg-surface-2">
            <span className="min-w-0 flex-1">
              <span className="block truncate font-bold">{page.title}</span>
              <span className="block truncate text-sm text-muted">/page/{page.slug}</span>
            </span>
            <span className="hidden text-sm text-muted sm:block">{t('Updated {date}', { date: formatMoment(page.updatedAt) })}</span>
            <ChevronRightIcon width="18" height="18" className="flex-none text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The HTML editor: title and HTML, checked against the contract before they are sent. */
function PageEditor({ page, busy, refused, onSave }: { page: AdminPage; busy: boolean; refused: Problems; onSave: (values: { title: string; html: string }) => void }) {
  const [title, setTitle] = useState(page.title);
  const [html, setHtml] = useState(page.html);
  const [invalid, setInvalid] = useState<Problems | null>(null);
  const problems = invalid ?? refused;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkValues(adminPageUpdateSchema, { title, html });
    setInvalid(checked.problems);
    if (checked.data) onSave(checked.data);
  }

  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-4">
      <TextField label={t('Title')} value={title} error={problems.fields.title} onChange={(event) => setTitle(event.target.value)} />
      <TextAreaField
        label="HTML"
        value={html}
        rows={18}
        spellCheck={false}
        className="[&_textarea]:font-mono [&_textarea]:text-sm"
        error={problems.fields.html}
        hint={t('Headings, paragraphs, lists, links and emphasis are kept; scripts, styles and event handlers are removed when it is saved.')}
        onChange={(event) => setHtml(event.target.value)}
      />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <SubmitButton busy={busy} className="self-start px-8">
        {t('Save page')}
      </SubmitButton>
    </form>
  );
}

/**
 * A page's editor beside the page as stored. After a save the stored version is the sanitized result:
 * the preview shows it, and the editor starts over from it, so nothing the server removed lingers there.
 */
function PageEditing({ slug }: { slug: string }) {
  const page = usePage(slug);
  const save = useSavePage();
  const [cleaned, setCleaned] = useState(false);
  const [refused, setRefused] = useState<Problems>(noProblems);

  function onSave(values: { title: string; html: string }) {
    setRefused(noProblems);
    save.mutate(
      { slug, ...values },
      {
        onSuccess: (stored) => {
          toast(msg('Page saved.'));
          setCleaned(stored.html !== values.html);
        },
        onError: (error) => setRefused(serverProblems(error, ['title', 'html'])),
      },
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={adminPath('content', 'pages')} className="inline-flex items-center gap-1 text-sm font-semibold text-muted hover:text-fg">
          <ChevronLeftIcon width="16" height="16" /> {t('All pages')}
        </Link>
        <Link to={`/page/${encodeURIComponent(slug)}`} className="text-sm font-semibold text-accent-soft hover:underline">
          {t('Open {path}', { path: `/page/${slug}` })}
        </Link>
      </div>
      {page.isPending ? (
        <Loading label={t('Loading the page')} />
      ) : page.isError ? (
        <Failed error={page.error} what={t('The page')} onRetry={() => void page.refetch()} />
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          {/* A new stored version starts the editor over from it. */}
          <PageEditor key={page.data.updatedAt} page={page.data} busy={save.isPending} refused={refused} onSave={onSave} />
          <section aria-labelledby="page-preview-title" className="min-w-0">
            <h2 id="page-preview-title" className="mb-2 text-sm font-semibold">
              {t('As stored and shown')} <span className="font-normal text-muted">· {t('updated {date}', { date: formatMoment(page.data.updatedAt) })}</span>
            </h2>
            {cleaned && (
              <div className="mb-3">
                <FormAlert tone="success">{t('Saved. The server removed what a page may not contain; the editor shows what was kept.')}</FormAlert>
              </div>
            )}
            <div className="panel max-h-[40rem] overflow-y-auto p-5" data-testid="page-preview">
              <h1 className="mb-4 text-2xl font-extrabold tracking-tight">{page.data.title}</h1>
              <div className="prose-page" dangerouslySetInnerHTML={{ __html: page.data.html }} />
            </div>
          </section>
        </div>
      )}
    </div>
  );
}

/** Static pages: the list, and a page's editor with the stored (sanitized) preview. */
export function PagesPanel({ slug }: { slug: string | null }) {
  return slug ? <PageEditing key={slug} slug={slug} /> : <PageList />;
}
