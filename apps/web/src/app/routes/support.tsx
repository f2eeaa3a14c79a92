import { Link } from 'react-router';
import { BackButton } from '../../components/ui/back-button.tsx';
import { MailIcon } from '../../components/ui/icons.tsx';
import { useClientConfig } from '../../features/client-config/api/get-client-config.ts';
import { ContactForm } from '../../features/support/components/contact-form.tsx';
import { t } from '../../lib/i18n.ts';

/** viewer.md §2 "/support": the contact form. */
export function SupportRoute() {
  const { supportEmail } = useClientConfig();

  return (
    <div className="mx-auto w-full max-w-xl animate-rise-in px-5 pt-3 pb-16 lg:px-8 lg:pt-10">
      <title>{t('Support · Flick')}</title>
      <BackButton />
      <h1 className="mt-4 text-[1.875rem] leading-tight font-extrabold tracking-tight text-balance">{t('Support and Contact Information')}</h1>
      <p className="mt-3 leading-relaxed text-muted">{t('Questions about your account, a video or a creator? Send us a message and we will answer by email.')}</p>
      <div className="panel mt-6 p-5 sm:mt-8 sm:p-7">
        <ContactForm />
      </div>
      <p className="mt-6 text-sm leading-relaxed text-muted">
        {t('In a video without your consent, or is it your content?')}{' '}
        <Link to="/removal-request" className="font-semibold text-accent-soft underline decoration-accent-soft/40 underline-offset-4 hover:decoration-current">
          {t('Ask for it to be removed')}
        </Link>
        : {t('those requests are reviewed first.')}
      </p>
      {supportEmail && (
        <p className="mt-6 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          <MailIcon width="18" height="18" className="text-subtle" />
          {t('Prefer email? Write to')}
          <a
            href={`mailto:${supportEmail}`}
            className="inline-flex min-h-11 items-center font-semibold text-accent-soft underline decoration-accent-soft/40 underline-offset-4 hover:decoration-current"
          >
            {supportEmail}
          </a>
        </p>
      )}
    </div>
  );
}
