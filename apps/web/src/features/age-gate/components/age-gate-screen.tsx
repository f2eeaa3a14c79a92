import { ageGateMessages, type AgeGateStatus } from '@flick/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { declareAdult, startAgeCheck, useAgeGateStatus } from '../api/age-gate.ts';
import { regionName } from '../../../lib/format.ts';
import { currentLocale, t } from '../../../lib/i18n.ts';

/** "GB" → "the United Kingdom" ("Vereinigtes Königreich" in German), "US-TX" → "TX, United States" (the place whose law applies). */
function placeName(place: string | null): string | null {
  if (!place) return null;
  const [country, region] = place.split('-') as [string, string | undefined];
  const name = regionName(country);
  if (region) return `${region}, ${name}`;
  // English names a few countries with their article; another language says it its own way.
  return currentLocale() === 'en' && /^(United|Netherlands|Philippines|Czech|Dominican|Bahamas|Gambia)/.test(name) ? `the ${name}` : name;
}

const outcomes: Record<string, string> = { 'not-over-18': ageGateMessages.notOver18, failed: ageGateMessages.failed };

export interface AgeGateScreenProps {
  /** Where to go once the rule is met (a path of this app). */
  returnTo: string;
  /** The outcome of a check the provider sent the viewer back from (?error=). */
  outcome: string | null;
  /** Leaves for a neutral site (the quick exit's address). */
  exitUrl: string;
  /** Called once the rule is met. */
  onPassed: () => void;
}

/**
 * The age gate (ADR 0030): what the law where the viewer is asks, and the way through — an 18+
 * confirmation, or an age check at an outside provider that tells Flick only "over 18". Shown instead of
 * any content until the rule is met; the legal pages, support and signing in stay reachable from it.
 */
export function AgeGateScreen({ returnTo, outcome, exitUrl, onPassed }: AgeGateScreenProps) {
  const status = useAgeGateStatus();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(outcome ? (outcomes[outcome] ?? ageGateMessages.failed) : null);
  const passed = status.data?.satisfied === true;

  useEffect(() => {
    if (passed) onPassed();
  }, [passed, onPassed]);

  async function act(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : ageGateMessages.failed);
      setBusy(false);
    }
  }

  if (status.isPending || passed) {
    return (
      <div className="screen-center" role="status" aria-live="polite">
        <span className="sr-only">{t('Checking what the law where you are asks…')}</span>
      </div>
    );
  }
  if (status.isError) {
    return (
      <Frame title={t('Age check')}>
        <p role="alert" className="text-danger">
          {t(ageGateMessages.failed)}
        </p>
        <button type="button" className="btn btn-primary mt-6 w-full" onClick={() => void status.refetch()}>
          {t('Try again')}
        </button>
      </Frame>
    );
  }
  const gate: AgeGateStatus = status.data;
  const where = placeName(gate.place);
  const theLaw =
    gate.rule === 'assurance'
      ? where
        ? t('The law in {place} asks us to check that you are 18 or older before showing them.', { place: where })
        : t('The law where you are asks us to check that you are 18 or older before showing them.')
      : where
        ? t('The law in {place} asks you to confirm that you are 18 or older.', { place: where })
        : t('The law where you are asks you to confirm that you are 18 or older.');

  return (
    <Frame title={gate.rule === 'assurance' ? t('Confirm your age') : t('Are you 18 or older?')}>
      <p className="leading-relaxed text-muted">
        {t('Flick shows sexually explicit videos of adults.')} {theLaw}
      </p>
      {gate.law && <p className="mt-2 text-sm text-muted">{gate.law}</p>}
      {gate.rule === 'assurance' && (
        <p className="mt-3 leading-relaxed text-muted">
          {t(
            'An age-assurance provider checks it. Flick receives only whether you are over 18, and remembers only until when: never your name, your birthdate or a document.',
          )}
        </p>
      )}
      {gate.provider.kind === 'development' && gate.rule === 'assurance' && (
        <p className="mt-4 rounded-xl border-2 border-dashed border-amber-400/70 bg-amber-400/10 px-4 py-3 text-sm text-amber-200" data-testid="development-provider">
          <strong>{t('Development age provider')}</strong>: {t('not a real age check. It is for trying Flick out, and it is refused in production.')}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 text-danger">
          {t(error)}
        </p>
      )}
      <div className="mt-7 grid gap-3">
        {gate.rule === 'assurance' && gate.provider.kind === 'none' ? (
          <p role="alert" className="text-danger">
            {t(ageGateMessages.providerUnavailable)}
          </p>
        ) : (
          <button
            type="button"
            className="btn btn-primary w-full"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                // An age check happens at the provider; a confirmation is taken here.
                if (gate.rule === 'assurance') window.location.assign(await startAgeCheck(returnTo));
                else {
                  await declareAdult();
                  onPassed();
                }
              })
            }
          >
            {gate.rule === 'assurance' ? (busy ? t('Opening the age check…') : t('Check my age')) : t('I am 18 or older')}
          </button>
        )}
        <button type="button" className="btn btn-secondary w-full" onClick={() => window.location.replace(exitUrl)}>
          {t('Leave')}
        </button>
      </div>
      <p className="mt-8 text-sm text-muted">
        {t('Already a verified creator?')}{' '}
        <Link className="font-semibold text-fg underline" to={`/login?returnTo=${encodeURIComponent(returnTo)}`}>
          {t('Sign in')}
        </Link>
        .{' '}
        <Link className="underline" to="/page/policy">
          {t('Privacy Policy')}
        </Link>{' '}
        ·{' '}
        <Link className="underline" to="/page/terms">
          {t('Terms')}
        </Link>{' '}
        ·{' '}
        <Link className="underline" to="/support">
          {t('Support')}
        </Link>
      </p>
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md animate-rise-in px-5 pt-10 pb-16 lg:pt-16">
      <title>{`${title} · Flick`}</title>
      <span className="grid size-14 place-items-center rounded-2xl border border-line bg-surface-1 text-lg font-extrabold">18+</span>
      <h1 className="mt-5 text-[1.875rem] leading-tight font-extrabold tracking-tight text-balance">{title}</h1>
      <div className="mt-3">{children}</div>
    </div>
  );
}
