import { performerHandleSchema, performerMessages } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useState, type Ref } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { findCreator, type FoundCreator } from '../api/find-creator.ts';
import { t } from '../../../lib/i18n.ts';

export interface NamedCreator extends FoundCreator {
  /** As the declaration sends it. */
  handle: string;
}

export interface CreatorLookupProps {
  named: readonly NamedCreator[];
  onFound: (creator: NamedCreator) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A co-performer with a Flick account, by username: looked up as it is added, so an unknown name or an
 * account that is not a verified creator is said at once, beside the field, and the text stays.
 */
export function CreatorLookup({ named, onFound, inputRef }: CreatorLookupProps) {
  const session = useSession();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function add() {
    if (busy) return;
    const parsed = performerHandleSchema.safeParse(text);
    if (!parsed.success) {
      setError(text.trim() ? msg('Invalid username.') : msg('Type a username to add.'));
      return;
    }
    const handle = parsed.data;
    if (named.some((creator) => [creator.handle, creator.slug, creator.username].some((name) => name?.toLowerCase() === handle.toLowerCase()))) {
      setError(performerMessages.duplicate);
      return;
    }
    setBusy(true);
    try {
      const creator = await findCreator(handle, session?.userId ?? null);
      if (named.some((other) => other.id === creator.id)) {
        setError(performerMessages.duplicate);
        return;
      }
      onFound({ ...creator, handle });
      setText('');
      setError(null);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status > 0 ? failure.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-start gap-2">
      <TextField
        ref={inputRef}
        className="min-w-0 flex-1"
        label={t('Flick username')}
        name="co_performer"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="@username"
        value={text}
        error={error}
        hint={t('A verified creator: they approve from their account.')}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          // Enter adds the name; it does not send the whole form.
          if (event.key === 'Enter') {
            event.preventDefault();
            void add();
          }
        }}
      />
      <button type="button" className="btn btn-secondary mt-7 h-12 flex-none px-5" onClick={() => void add()} disabled={busy} aria-busy={busy || undefined}>
        {t('Add')}
      </button>
    </div>
  );
}
