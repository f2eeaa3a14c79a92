import { profilePageMessages, type ProfileImageKind } from '@flick/contract';
import { useEffect, useState } from 'react';
import { Icon, type IconProps } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { isSignInNeeded } from '../api/sign-in-again.ts';
import { useUpdateProfileImage } from '../api/update-profile-image.ts';
import { cropAspect, cropOutputSize, cropOutputType, cropRect, initialCrop, MAX_ZOOM, MIN_ZOOM, renderCrop, zoomCrop, type CropState } from '../image-crop.ts';
import { CropArea, CroppedImage, type CropSource } from './crop-area.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const ZoomOutIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M8 11h6" />
  </Icon>
);

const ZoomInIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M8 11h6M11 8v6" />
  </Icon>
);

const copy: Record<ProfileImageKind, { title: string; area: string; preview: string }> = {
  avatar: { title: msg('Change profile photo'), area: msg('Profile photo crop'), preview: msg('Profile photo preview') },
  cover: { title: msg('Change cover image'), area: msg('Cover image crop'), preview: msg('Cover image preview') },
};

type Picture = { status: 'loading' } | { status: 'unreadable' } | ({ status: 'ready'; image: HTMLImageElement } & CropSource);

/** The file decoded once, for the frame to show and the canvas to draw; its object URL lives as long as the modal. */
function usePicture(file: File): Picture {
  const [decoded, setDecoded] = useState<{ file: File; picture: Picture } | null>(null);
  useEffect(() => {
    const src = URL.createObjectURL(file);
    const image = new Image();
    image.src = src;
    let current = true;
    image.decode().then(
      () => {
        if (!current) return;
        const size = { width: image.naturalWidth, height: image.naturalHeight };
        setDecoded({ file, picture: size.width > 0 && size.height > 0 ? { status: 'ready', image, src, size } : { status: 'unreadable' } });
      },
      () => {
        if (current) setDecoded({ file, picture: { status: 'unreadable' } });
      },
    );
    return () => {
      current = false;
      URL.revokeObjectURL(src);
    };
  }, [file]);
  return decoded?.file === file ? decoded.picture : { status: 'loading' };
}

export interface ImageCropModalProps {
  /** A png or jpeg already checked for type and size (see profileImageProblem). */
  file: File;
  kind: ProfileImageKind;
  /** Discard, the close button, Escape, and a finished update. */
  onClose: () => void;
}

/**
 * viewer.md §2 "Image crop for avatar (1:1) and cover (2:1), then preview with Update or Discard": the
 * crop is chosen in the frame, shown at the size it will have, and only Update draws and sends it.
 * While it is sent the modal stays open and still, so the answer (a toast) belongs to what was seen.
 */
export function ImageCropModal({ file, kind, onClose }: ImageCropModalProps) {
  const picture = usePicture(file);
  const [crop, setCrop] = useState<CropState>(initialCrop);
  const [encoding, setEncoding] = useState(false);
  const upload = useUpdateProfileImage();
  const busy = encoding || upload.isPending;
  const aspect = cropAspect(kind);
  const round = kind === 'avatar';
  const source = picture.status === 'ready' ? picture : null;

  const close = () => {
    if (!busy) onClose();
  };

  async function update() {
    if (picture.status !== 'ready' || busy) return;
    setEncoding(true);
    const image = await renderCrop(picture.image, cropRect(picture.size, aspect, crop), cropOutputSize(kind), cropOutputType(file)).catch(() => null);
    if (image) {
      upload.mutate(
        { kind, image },
        {
          onSuccess: onClose,
          // The session is over and the person is on their way to /login.
          onError: (error) => {
            if (isSignInNeeded(error)) onClose();
          },
        },
      );
    } else {
      toast(profilePageMessages.uploadFailed, { tone: 'error' });
    }
    setEncoding(false);
  }

  return (
    <Modal open onClose={close} title={t(copy[kind].title)} description={t('Drag to position it. Pinch, scroll or use the slider to zoom.')}>
      <div className="mt-5">
        <CropArea source={source} aspect={aspect} round={round} crop={crop} onCropChange={setCrop} disabled={busy} label={t(copy[kind].area)}>
          {picture.status === 'loading' && (
            <span className="absolute inset-0 grid place-items-center">
              <Spinner label={t('Opening the image')} />
            </span>
          )}
          {picture.status === 'unreadable' && (
            <p role="alert" className="absolute inset-0 grid place-items-center p-6 text-center text-sm font-medium text-danger">
              {t(profilePageMessages.imageUnreadable)}
            </p>
          )}
          {busy && <span aria-hidden="true" className="absolute inset-0 animate-fade-in bg-ink/40" />}
        </CropArea>

        <div className="mt-4 flex items-center gap-3 text-muted">
          <ZoomOutIcon width="20" height="20" className="flex-none" />
          <input
            type="range"
            aria-label={t('Zoom')}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={crop.zoom}
            disabled={!source || busy}
            onChange={(event) => {
              const zoom = Number(event.target.value);
              if (source) setCrop((current) => zoomCrop(source.size, aspect, current, zoom));
            }}
            className="h-11 min-w-0 flex-1 cursor-pointer accent-[var(--color-accent)] disabled:cursor-not-allowed"
          />
          <ZoomInIcon width="20" height="20" className="flex-none" />
        </div>

        {source && (
          <figure className="mt-3 flex items-center gap-4 rounded-2xl border border-line bg-surface-2/60 p-3">
            <span
              role="img"
              aria-label={t(copy[kind].preview)}
              className={`relative block flex-none overflow-hidden bg-surface-3 ring-2 ring-white/10 ${round ? 'size-16 rounded-full' : 'h-16 w-32 rounded-xl'}`}
            >
              <CroppedImage source={source} aspect={aspect} crop={crop} />
            </span>
            <figcaption className="text-sm leading-snug text-muted">
              <span className="block font-semibold text-fg">{t('Preview')}</span>
              {t('As it will show on your profile.')}
            </figcaption>
          </figure>
        )}

        <div className="mt-6 grid grid-cols-2 gap-3">
          <button type="button" className="btn btn-secondary h-12" disabled={busy} onClick={onClose}>
            {t('Discard')}
          </button>
          <SubmitButton type="button" busy={busy} disabled={!source} onClick={() => void update()}>
            {busy ? t('Updating…') : t('Update')}
          </SubmitButton>
        </div>
        <p aria-live="polite" className="sr-only">
          {busy ? t('Uploading the image…') : ''}
        </p>
      </div>
    </Modal>
  );
}
