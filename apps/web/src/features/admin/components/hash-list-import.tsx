import { HASH_LIST_MAX_BYTES, type AdminHashListImportResponse } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useImportHashList } from '../api/import-hash-list.ts';
import { errorMessage, Fact } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { msg } from '@flick/i18n';

function ImportResult({ result }: { result: AdminHashListImportResponse }) {
  return (
    <section aria-label={t('Import result')} className="panel flex flex-col gap-4 p-4">
      <dl className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4">
        <Fact label={t('Imported')}>{formatNumber(result.imported)}</Fact>
        <Fact label={t('Skipped')}>{formatNumber(result.skipped)}</Fact>
        <Fact label={t('Not hashes')}>{result.errors.length === 0 ? t('None') : t('Listed below')}</Fact>
        <Fact label={t('Stored videos quarantined')}>{formatNumber(result.quarantined)}</Fact>
      </dl>
      {result.errors.length > 0 && (
        <ul aria-label={t('Lines not imported')} className="flex flex-col gap-1 text-sm break-words">
          {result.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Imports a list of known-bad hashes (a text file, one hex hash a line, as hash-sharing programmes send
 * them): every upload that matches one is quarantined for admins and flagged urgent.
 */
export function HashListImport() {
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const importList = useImportHashList();
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!name.trim()) return setProblem(msg('Name the list.'));
    if (!file) return setProblem(msg('Choose a text file of hashes.'));
    if (file.size > HASH_LIST_MAX_BYTES) return setProblem(msg('The list is too large (8 MB at most).'));
    importList.mutate({ name: name.trim(), text: await file.text() }, { onError: (error) => setProblem(errorMessage(error)) });
  }

  return (
    <div className="flex max-w-2xl flex-col gap-5">
      <form className="panel flex flex-col gap-4 p-4" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm leading-relaxed text-muted">
          {t(
            'A text file with one 64-bit hash a line, in hex (16 digits, 0x before them allowed); blank lines and # comments are skipped. Uploads matching a hash, and videos already stored that match one, are quarantined: only admins can see them, and they wait here, urgent.',
          )}
        </p>
        <TextField label={t('List name')} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-semibold">{t('Hash file')}</span>
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn btn-secondary" disabled={importList.isPending} onClick={() => inputRef.current?.click()}>
              {file ? t('Choose another…') : t('Choose file…')}
            </button>
            <input
              ref={inputRef}
              type="file"
              accept=".txt,.csv,text/plain"
              aria-label={t('Hash file')}
              hidden
              tabIndex={-1}
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                // The same file chosen again is a new choice.
                event.target.value = '';
                if (chosen) setFile(chosen);
              }}
            />
            <span className="min-w-0 text-sm break-all text-muted">{file ? file.name : t('No file chosen')}</span>
          </div>
        </div>
        {problem && <FormAlert>{problem}</FormAlert>}
        <SubmitButton busy={importList.isPending} className="self-start">
          {t('Import')}
        </SubmitButton>
      </form>
      {importList.data && <ImportResult result={importList.data} />}
    </div>
  );
}
