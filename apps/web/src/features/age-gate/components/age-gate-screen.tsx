import { ageGateMessages, type AgeGateStatus } from '@flick/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { declareAdult, startAgeCheck, useAgeGateStatus } from '../api/age-gate.ts';

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

/** "GB" → "the United Kingdom", "US-TX" → "TX, United States" (the place whose law applies). */
function placeName(place: string | null): string | null {
  if (!place) return null;
  const [country, region] = place.split('-') as [string, string | undefined];
  const name = regionNames?.of(country) ?? country;
  if (region) return `${region}, ${name}`;
  return /^(United|Netherlands|Philippines|Czech|Dominican|Bahamas|Gambia)/.test(name) ? `the ${name}` : name;
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
        <span className="sr-only">Checking what the law where you are asks…</span>
      </div>
    );
  }
  if (status.isError) {
    return (
      <Frame title="Age check">
        <p role="alert" className="text-danger">
          {ageGateMessages.failed}
        </p>
        <button type="button" className="btn btn-primary mt-6 w-full" onClick={() => void status.refetch()}>
          Try again
        </button>
      </Frame>
    );
  }
  const gate: AgeGateStatus = status.data;
  const where = placeName(gate.place);
  const theLaw = `The law ${where ? `in ${where}` : 'where you are'}`;

  return (
    <Frame title={gate.rule === 'assurance' ? 'Confirm your age' : 'Are you 18 or older?'}>
      <p className="leading-relaxed text-muted">
        Flick shows sexually explicit videos of adults.{' '}
        {gate.rule === 'assurance'
          ? `${theLaw} asks us to check that you are 18 or older before showing them.`
          : `${theLaw} asks you to confirm that you are 18 or older.`}
      </p>
      {gate.law && <p className="mt-2 text-sm text-muted">{gate.law}</p>}
      {gate.rule === 'assurance' && (
        <p className="mt-3 leading-relaxed text-muted">
          An age-assurance provider checks it. Flick receives only whether you are over 18, and remembers only until when: never your name, your birthdate or a document.
        </p>
      )}
      {gate.provider.kind === 'development' && gate.rule === 'assurance' && (
        <p className="mt-4 rounded-xl border-2 border-dashed border-amber-400/70 bg-amber-400/10 px-4 py-3 text-sm text-amber-200" data-testid="development-provider">
          <strong>Development age provider</strong>: not a real age check. It is for trying Flick out, and it is refused in production.
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 text-danger">
          {error}
        </p>
      )}
      <div className="mt-7 grid gap-3">
        {gate.rule === 'assurance' && gate.provider.kind === 'none' ? (
          <p role="alert" className="text-danger">
            {ageGateMessages.providerUnavailable}
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
            {gate.rule === 'assurance' ? (busy ? 'Opening the age check…' : 'Check my age') : 'I am 18 or older'}
          </button>
        )}
        <button type="button" className="btn btn-secondary w-full" onClick={() => window.location.replace(exitUrl)}>
          Leave
        </button>
      </div>
      <p className="mt-8 text-sm text-muted">
        Already a verified creator?{' '}
        <Link className="font-semibold text-fg underline" to={`/login?returnTo=${encodeURIComponent(returnTo)}`}>
          Sign in
        </Link>
        .{' '}
        <Link className="underline" to="/page/policy">
          Privacy Policy
        </Link>{' '}
        ·{' '}
        <Link className="underline" to="/page/terms">
          Terms
        </Link>{' '}
        ·{' '}
        <Link className="underline" to="/support">
          Support
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
