import {
  AD_IMAGE_TYPES,
  AD_VIDEO_TYPES,
  adClickUrlSchema,
  adMessages,
  adminAdVastCreativeSchema,
  adPlacementKeys,
  type AdminAdCampaign,
  type AdPlacementKey,
} from '@flick/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useAddVastCreative } from '../api/add-vast-creative.ts';
import { useSetAdCreativeActive } from '../api/set-ad-creative-active.ts';
import { creativeFileProblem, isAdVideo, useUploadAdCreative } from '../api/upload-ad-creative.ts';
import { placementLabel, slotSize } from '../ad-format.ts';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { Badge, errorMessage } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

type Creative = AdminAdCampaign['creatives'][number];

/** The slots a picture can be made for: every one but instream, which plays videos. */
type PictureSlot = Exclude<AdPlacementKey, 'instream'>;
const pictureSlots = adPlacementKeys.filter((key): key is PictureSlot => key !== 'instream');
const slotOptions = () => pictureSlots.map((key) => ({ value: key, label: `${placementLabel(key)} (${slotSize(key)})` }));

const kindLabels: Record<Creative['kind'], string> = { image: msg('Picture'), video: msg('Video'), vast: msg('VAST tag') };
const preview = 'h-20 w-32 flex-none rounded-xl bg-surface-3 object-contain ring-1 ring-line sm:h-24 sm:w-40';

const placeholder = `${preview} grid place-items-center text-xs font-bold tracking-[0.12em] text-subtle uppercase`;

function CreativePreview({ creative }: { creative: Creative }) {
  // A video being made (or that could not be made) has no file of ours yet.
  if (creative.src === null)
    return (
      <span aria-hidden="true" className={placeholder}>
        {t('Video')}
      </span>
    );
  if (creative.kind === 'image') return <img src={creative.src} alt="" loading="lazy" decoding="async" className={preview} />;
  if (creative.kind === 'video') return <video src={creative.src} muted playsInline controls preload="metadata" className={preview} />;
  return (
    <span aria-hidden="true" className={placeholder}>
      VAST
    </span>
  );
}

/** A video is made into ours by a job after the upload (ADR 0016): until then it shows nowhere. */
function CreativeState({ creative }: { creative: Creative }) {
  if (creative.state === 'processing')
    return (
      <span role="status" className="text-xs text-muted">
        {t('Processing… It shows once ready.')}
      </span>
    );
  if (creative.state === 'failed')
    return (
      <span role="alert" className="text-xs text-danger">
        {creative.failure}
      </span>
    );
  return null;
}

function CreativeItem({ creative }: { creative: Creative }) {
  const setActive = useSetAdCreativeActive();
  const name = t('{kind} #{id}', { kind: t(kindLabels[creative.kind]), id: creative.id });

  function toggle() {
    setActive.mutate(
      { id: creative.id, active: !creative.active },
      {
        onSuccess: () => toast(creative.active ? t('{name} stopped.', { name }) : t('{name} shows again.', { name })),
        onError: (error) => toast(errorMessage(error), { tone: 'error' }),
      },
    );
  }

  return (
    <li className={`flex gap-3 rounded-2xl bg-surface-2/50 p-3 ${creative.active ? '' : 'opacity-75'}`}>
      <CreativePreview creative={creative} />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-bold">{name}</span>
          {creative.state === 'failed' && <Badge tone="danger">{t('Failed')}</Badge>}
          {!creative.active && <Badge tone="warn">{t('Stopped')}</Badge>}
        </p>
        <CreativeState creative={creative} />
        <p className="text-xs break-all text-muted">
          {creative.kind === 'vast'
            ? creative.src
            : `${creative.width}×${creative.height}${creative.durationSeconds === null ? '' : ` · ${t('{seconds} s', { seconds: creative.durationSeconds })}`}`}
          <span className="block">{t('Clicks go to {url}', { url: creative.clickUrl })}</span>
        </p>
        <button
          type="button"
          className="btn btn-secondary px-4"
          disabled={setActive.isPending}
          onClick={toggle}
          aria-label={creative.active ? t('Stop {name}', { name }) : t('Resume {name}', { name })}
        >
          {creative.active ? t('Stop') : t('Resume')}
        </button>
      </div>
    </li>
  );
}

/** A campaign's pictures, videos and VAST tags, each stopped or resumed on its own. */
export function AdCreatives({ campaign }: { campaign: AdminAdCampaign }) {
  if (campaign.creatives.length === 0) return <p className="text-sm text-muted">{t('No creative yet: the campaign shows once it has one.')}</p>;
  return (
    <ul className="grid gap-2 md:grid-cols-2 2xl:grid-cols-3" aria-label={t('Creatives of {name}', { name: campaign.name })}>
      {campaign.creatives.map((creative) => (
        <CreativeItem key={creative.id} creative={creative} />
      ))}
    </ul>
  );
}

/** A picture made for one slot, or a video for instream: checked here for its type and size before it is sent. */
function UploadForm({ campaign }: { campaign: AdminAdCampaign }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [placement, setPlacement] = useState<PictureSlot | ''>('');
  const [clickUrl, setClickUrl] = useState('');
  const [problems, setProblems] = useState<Problems>(noProblems);
  const upload = useUploadAdCreative();
  const titleId = useId();
  const video = file !== null && isAdVideo(file);

  function choose(chosen: File) {
    const problem = creativeFileProblem(chosen);
    setFile(problem ? null : chosen);
    setProblems(problem ? { fields: { file: problem }, form: null } : noProblems);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const url = adClickUrlSchema.safeParse(clickUrl);
    const slot = video ? undefined : placement || null;
    if (!file || slot === null || !url.success) {
      const fields: Record<string, string> = {};
      if (!file) fields.file = msg('Choose a picture or a video.');
      else if (slot === null) fields.placement = msg('Choose the slot the picture is made for.');
      if (!url.success) fields.clickUrl = adMessages.clickUrl;
      setProblems({ fields, form: null });
      return;
    }
    setProblems(noProblems);
    upload.mutate(
      { campaignId: campaign.id, file, clickUrl: url.data, placement: slot },
      {
        onSuccess: () => {
          toast(slot ? t('Picture added for {slot}.', { slot: placementLabel(slot) }) : msg('Video uploaded: it plays instream once it is processed.'));
          setFile(null);
          setClickUrl('');
        },
        onError: (error) => setProblems(serverProblems(error, [])),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="font-bold">
        {t('Upload a picture or video')}
      </h3>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" className="btn btn-secondary" disabled={upload.isPending} onClick={() => inputRef.current?.click()}>
            {file ? t('Choose another…') : t('Choose file…')}
          </button>
          <input
            ref={inputRef}
            type="file"
            accept={[...AD_IMAGE_TYPES, ...AD_VIDEO_TYPES].join(',')}
            aria-label={t('Creative file for {name}', { name: campaign.name })}
            hidden
            tabIndex={-1}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // The same file chosen again is a new choice.
              event.target.value = '';
              if (chosen) choose(chosen);
            }}
          />
          <span className="min-w-0 text-sm break-all text-muted">{file ? file.name : t('No file chosen')}</span>
        </div>
        {problems.fields.file ? (
          <p role="alert" className="text-sm text-danger">
            {t(problems.fields.file)}
          </p>
        ) : (
          <p className="text-sm text-muted">
            {t('A picture: PNG, JPEG or WebP up to 5 MB, cropped to its slot. A video: MP4, WebM or QuickTime up to 100 MB and 60 s, for instream.')}
          </p>
        )}
      </div>
      <SelectField
        label={t('Slot')}
        placeholder={video ? t('Instream (a video)') : t('Choose the slot')}
        options={slotOptions()}
        disabled={video}
        value={video ? '' : placement}
        error={problems.fields.placement}
        onChange={(event) => setPlacement(pictureSlots.find((key) => key === event.target.value) ?? '')}
      />
      <TextField
        label={t('Click URL')}
        type="url"
        inputMode="url"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="https://"
        value={clickUrl}
        error={problems.fields.clickUrl}
        onChange={(event) => setClickUrl(event.target.value)}
      />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <div className="flex flex-col items-start gap-2">
        <SubmitButton busy={upload.isPending} className="px-8">
          {t('Upload creative')}
        </SubmitButton>
        {upload.isPending && (
          <p role="status" className="text-sm text-muted">
            {video ? t('Uploading and checking the video…') : t('Uploading and cropping the picture…')}
          </p>
        )}
      </div>
    </form>
  );
}

/** An outside ad server's VAST tag, played instream. */
function VastForm({ campaign }: { campaign: AdminAdCampaign }) {
  const [values, setValues] = useState({ vastUrl: '', clickUrl: '' });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const add = useAddVastCreative();
  const titleId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkValues(adminAdVastCreativeSchema, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    add.mutate(
      { campaignId: campaign.id, ...checked.data },
      {
        onSuccess: () => {
          toast(msg('VAST tag added: it plays instream.'));
          setValues({ vastUrl: '', clickUrl: '' });
        },
        onError: (error) => setProblems(serverProblems(error, ['vastUrl', 'clickUrl'])),
      },
    );
  }

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: problems.fields[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="font-bold">
        {t('Add a VAST tag')}
      </h3>
      <TextField label={t('VAST tag URL')} type="url" inputMode="url" autoCapitalize="none" spellCheck={false} placeholder="https://" {...field('vastUrl')} />
      <TextField label={t('Click URL')} type="url" inputMode="url" autoCapitalize="none" spellCheck={false} placeholder="https://" {...field('clickUrl')} />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <SubmitButton busy={add.isPending} className="self-start px-8">
        {t('Add VAST tag')}
      </SubmitButton>
    </form>
  );
}

/** A new creative for a campaign: a file of ours, or an outside ad server's tag. */
export function AddAdCreative({ campaign }: { campaign: AdminAdCampaign }) {
  return (
    <div className="grid gap-6 border-t border-line pt-4 lg:grid-cols-2 lg:gap-8">
      <UploadForm campaign={campaign} />
      <VastForm campaign={campaign} />
    </div>
  );
}
