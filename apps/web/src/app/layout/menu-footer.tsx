import { msg } from '@flick/i18n';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ExternalIcon } from '../../components/ui/icons.tsx';
import { t } from '../../lib/i18n.ts';

const footerLinks = [
  { label: msg('FAQ'), to: paths.page('faq') },
  { label: msg('Privacy Policy'), to: paths.page('policy') },
  { label: msg('DMCA'), to: paths.page('dmca') },
  { label: msg('2257 Compliance'), to: paths.page('2257') },
  { label: msg('Support'), to: paths.support },
  { label: msg('Terms and Conditions'), to: paths.page('terms') },
] as const;

/** viewer.md §2: the side menu footer — social link, legal pages, support and the age-rating label. */
export function MenuFooter({ socialUrl, onNavigate }: { socialUrl: string | null; onNavigate: () => void }) {
  return (
    <footer className="mt-auto border-t border-line px-5 pt-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))]">
      {socialUrl && (
        <a
          href={socialUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mb-3 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-fg hover:text-accent-soft"
        >
          {t('Follow us')}
          <ExternalIcon width="16" height="16" className="text-subtle" />
        </a>
      )}
      <ul className="flex flex-wrap gap-x-5">
        {footerLinks.map((link) => (
          <li key={link.to}>
            <Link to={link.to} onClick={onNavigate} className="inline-flex min-h-11 items-center text-[0.8125rem] text-muted transition-colors hover:text-fg">
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex items-center gap-3">
        <a href="https://www.rtalabel.org/" target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center">
          <RtaBadge />
        </a>
        <p className="text-xs leading-snug text-subtle">{t('Adults only. You must be 18 or older to use Flick.')}</p>
      </div>
    </footer>
  );
}

/** The Restricted To Adults label, drawn. */
function RtaBadge() {
  return (
    <svg viewBox="0 0 88 36" className="h-9 w-[88px] flex-none text-muted" role="img" aria-label={t('RTA: Restricted To Adults')}>
      <rect x="1" y="1" width="86" height="34" rx="5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <text x="44" y="19" textAnchor="middle" fill="currentColor" fontSize="15" fontWeight="900" letterSpacing="2">
        RTA
      </text>
      <text x="44" y="29.5" textAnchor="middle" fill="currentColor" fontSize="6" fontWeight="700" textLength="74" lengthAdjust="spacingAndGlyphs">
        RESTRICTED TO ADULTS
      </text>
    </svg>
  );
}
