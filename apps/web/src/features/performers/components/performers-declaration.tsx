import { PERFORMERS_MAX, performerMessages, type VideoPerformers } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { declarePerformers, removePerformer } from '../api/video-performers.ts';
import { emptyRelease, type ReleaseValues } from '../release-values.ts';
import { CreatorLookup, type NamedCreator } from './creator-lookup.tsx';
import { PerformerRow, performerStatusChip } from './performer-row.tsx';
import { ReleaseForm } from './release-form.tsx';
import { plural } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

type Choice = 'only-me' | 'others';

const choices = [
  { value: 'only-me', label: msg('Only me'), description: msg('I am the only person in this video.') },
  { value: 'others', label: msg('Me and others'), description: msg('Each co-performer approves before it is published.') },
] as const;

export interface PerformersDeclarationProps {
  videoId: number;
  /** The upload's details form calls this before it sends the details: false stops it (the problem is shown here). */
  onReady: (declare: (() => Promise<boolean>) | null) => void;
}

/** `creators.2` → 2: the name the server found at fault. */
const creatorIndex = (field: string) => (/^creators\.(\d+)$/.exec(field) ? Number(field.split('.')[1]) : null);

/**
 * ADR 0029, in the upload's details step: who is in the video. Only me, or co-performers: Flick creators
 * by username (each gets a request in their account) and people without an account (a release an admin
 * reviews). The declaration is sent with Publish, before the details, so the video never goes out first.
 */
export function PerformersDeclaration({ videoId, onReady }: PerformersDeclarationProps) {
  const headingId = useId();
  const toast = useToast();
  const [choice, setChoice] = useState<Choice>('only-me');
  const [creators, setCreators] = useState<NamedCreator[]>([]);
  const [creatorErrors, setCreatorErrors] = useState<Record<number, string>>({});
  const [server, setServer] = useState<VideoPerformers | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [releaseOpen, setReleaseOpen] = useState(false);
  const [releaseDraft, setReleaseDraft] = useState<ReleaseValues>(emptyRelease);
  const lookupRef = useRef<HTMLInputElement>(null);
  const releases = server?.performers.filter((performer) => performer.kind === 'release') ?? [];
  const full = creators.length + releases.length >= PERFORMERS_MAX;

  // Right above Publish: the alert is where the person looks, and it is read out as it appears.
  const fail = (message: string) => setListError(message);

  async function declare(): Promise<boolean> {
    setListError(null);
    setCreatorErrors({});
    if (choice === 'others' && creators.length + releases.length === 0) {
      fail(performerMessages.onlyMeOrList);
      lookupRef.current?.focus();
      return false;
    }
    try {
      setServer(await declarePerformers(videoId, { onlyMe: choice === 'only-me', creators: choice === 'only-me' ? [] : creators.map((creator) => creator.handle) }));
      return true;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) {
        fail(NETWORK_ERROR_MESSAGE);
        return false;
      }
      const byRow: Record<number, string> = {};
      let other: string | null = null;
      for (const [field, messages] of Object.entries(error.errors)) {
        const index = creatorIndex(field);
        if (index !== null && messages[0]) byRow[index] = messages[0];
        else other ??= messages[0] ?? null;
      }
      setCreatorErrors(byRow);
      fail(other ?? (Object.keys(byRow).length > 0 ? msg('A co-performer cannot be named: see below.') : error.message));
      return false;
    }
  }

  // The form calls the latest one: the choice and names as they are when Publish is pressed. Set as the
  // render commits (a layout effect): a passive effect may not have run yet when Publish is pressed right
  // after a looked-up name appears, and the press would then send the names of the render before.
  const latest = useRef(declare);
  useLayoutEffect(() => {
    latest.current = declare;
  });
  useEffect(() => {
    onReady(() => latest.current());
    return () => onReady(null);
  }, [onReady]);

  async function removeRelease(performerId: number) {
    try {
      setServer(await removePerformer(videoId, performerId));
    } catch (error) {
      toast(error instanceof ApiError && error.status > 0 ? error.message : NETWORK_ERROR_MESSAGE, { tone: 'error' });
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-1/60 p-4">
      <div>
        <h2 id={headingId} className="text-base font-bold">
          {t('Who is in this video?')}
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-muted">{t('Everyone in it must be an adult who agreed to being filmed and to this video being published.')}</p>
      </div>
      <ChoiceCards
        legend={t('Who is in this video?')}
        hideLegend
        columns={1}
        options={choices.map((option) => ({ ...option, label: t(option.label), description: t(option.description) }))}
        value={choice}
        onChange={(value) => {
          setChoice(value);
          setListError(null);
        }}
      />
      {choice === 'only-me' && releases.length > 0 && (
        <p className="text-sm text-muted">
          {plural(releases.length, msg('Publishing as only you removes the release you added.'), msg('Publishing as only you removes the releases you added.'))}
        </p>
      )}
      {choice === 'others' && (
        <div className="flex animate-fade-in flex-col gap-4">
          {(creators.length > 0 || releases.length > 0) && (
            <ul aria-label={t('Co-performers')} className="overflow-hidden rounded-2xl border border-line bg-surface-1">
              {creators.map((creator, index) => (
                <PerformerRow
                  key={creator.id}
                  account={creator}
                  name={creator.name}
                  error={creatorErrors[index]}
                  action={
                    <button
                      type="button"
                      className="btn btn-secondary h-9 px-3 text-sm"
                      aria-label={t('Remove {name}', { name: creator.name })}
                      onClick={() => {
                        setCreators((current) => current.filter((other) => other.id !== creator.id));
                        setCreatorErrors({});
                      }}
                    >
                      {t('Remove')}
                    </button>
                  }
                />
              ))}
              {releases.map((release) => (
                <PerformerRow
                  key={release.id}
                  account={null}
                  name={release.displayName}
                  status={performerStatusChip(release.status, 'release')}
                  action={
                    <button
                      type="button"
                      className="btn btn-secondary h-9 px-3 text-sm"
                      aria-label={t('Remove {name}', { name: release.displayName })}
                      onClick={() => void removeRelease(release.id)}
                    >
                      {t('Remove')}
                    </button>
                  }
                />
              ))}
            </ul>
          )}
          {full ? (
            <p className="text-sm text-muted">{t('A video can name at most {count} co-performers.', { count: PERFORMERS_MAX })}</p>
          ) : (
            <>
              <CreatorLookup
                inputRef={lookupRef}
                named={creators}
                onFound={(creator) => {
                  setCreators((current) => [...current, creator]);
                  setListError(null);
                }}
              />
              <button type="button" className="btn btn-secondary h-12 w-full" onClick={() => setReleaseOpen(true)}>
                <PlusIcon width="18" height="18" strokeWidth="2.5" />
                {t('Add someone without an account')}
              </button>
            </>
          )}
        </div>
      )}
      {listError && <FormAlert>{listError}</FormAlert>}
      <BottomSheet open={releaseOpen} onClose={() => setReleaseOpen(false)} title={t('Co-performer release')}>
        <ReleaseForm
          videoId={videoId}
          values={releaseDraft}
          onChange={setReleaseDraft}
          onAdded={(answer) => {
            setServer(answer);
            setReleaseDraft(emptyRelease());
            setReleaseOpen(false);
            setListError(null);
            toast(msg('Release added. Our team reviews it before the video is published.'));
          }}
        />
      </BottomSheet>
    </section>
  );
}
