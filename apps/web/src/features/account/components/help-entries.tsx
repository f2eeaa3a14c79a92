import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { ChatIcon, PeopleIcon, QuestionIcon } from '../../../components/ui/account-icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useClientConfig } from '../../client-config/api/get-client-config.ts';
import { t } from '../../../lib/i18n.ts';

interface Entry {
  key: string;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}

const external = (href: string, label: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer" className="btn btn-secondary h-10 min-h-0 flex-none px-4 text-sm">
    {label}
  </a>
);

/**
 * accounts.md §2 Help: the Discord community, a WhatsApp message and e-mail support, each with its
 * button, from the server's configuration (an entry without its setting is not shown); the support
 * form is always there.
 */
export function HelpEntries() {
  const config = useClientConfig();
  const entries: Entry[] = [];
  if (config.discordUrl) {
    entries.push({
      key: 'discord',
      icon: <PeopleIcon width="22" height="22" />,
      title: t('Discord community'),
      text: t('Talk with other creators and the Flick team.'),
      action: external(config.discordUrl, t('Join')),
    });
  }
  if (config.whatsappUrl) {
    entries.push({
      key: 'whatsapp',
      icon: <ChatIcon width="22" height="22" />,
      title: t('WhatsApp message'),
      text: t('Send us a message; we answer during the day.'),
      action: external(config.whatsappUrl, t('Message')),
    });
  }
  if (config.supportEmail) {
    entries.push({
      key: 'email',
      icon: <MailIcon width="22" height="22" />,
      title: t('E-mail support'),
      text: config.supportEmail,
      action: external(`mailto:${config.supportEmail}`, t('E-mail')),
    });
  }
  entries.push({
    key: 'form',
    icon: <QuestionIcon width="22" height="22" />,
    title: t('Support form'),
    text: t('Tell us what happened, and we reply by e-mail.'),
    action: (
      <Link to={paths.support} className="btn btn-secondary h-10 min-h-0 flex-none px-4 text-sm">
        {t('Open')}
      </Link>
    ),
  });

  return (
    <ul aria-label={t('Ways to get help')} className="panel mt-6 flex flex-col overflow-hidden">
      {entries.map((entry) => (
        <li key={entry.key} className="flex items-center gap-3.5 border-b border-line px-4 py-4 last:border-b-0 sm:px-5">
          <span aria-hidden="true" className="grid size-11 flex-none place-items-center rounded-2xl bg-surface-2 text-accent">
            {entry.icon}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-bold">{entry.title}</span>
            <span className="block text-sm break-words text-muted">{entry.text}</span>
          </span>
          {entry.action}
        </li>
      ))}
    </ul>
  );
}
