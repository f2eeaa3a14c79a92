import type { AdminVerification } from '@flick/contract';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useVerificationImage } from '../api/get-verification-image.ts';
import { t } from '../../../lib/i18n.ts';

function VerificationImage({ name, url }: { name: string; url: string }) {
  const image = useVerificationImage(url);
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div className="grid aspect-[3/4] place-items-center overflow-hidden rounded-2xl border border-line bg-surface-2">
        {image.state === 'ready' ? (
          <a href={image.src} target="_blank" rel="noopener noreferrer" className="size-full" aria-label={t('{name}, full size', { name })}>
            <img src={image.src} alt={name} className="size-full bg-white/5 object-contain" />
          </a>
        ) : image.state === 'failed' ? (
          <p role="alert" className="flex flex-col items-center gap-2 px-3 text-center text-sm text-muted">
            <AlertIcon width="22" height="22" className="text-danger" />
            {image.message}
          </p>
        ) : (
          <Spinner label={t('Loading {name}', { name })} />
        )}
      </div>
      <figcaption className="text-sm font-semibold">{name}</figcaption>
    </figure>
  );
}

/** The request's images side by side (ID front and back, face with the ID, signature), fetched with the admin's bearer. */
export function VerificationImages({ files }: { files: AdminVerification['files'] }) {
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {files.map((file) => (
        <VerificationImage key={file.url} name={file.name} url={file.url} />
      ))}
    </div>
  );
}
