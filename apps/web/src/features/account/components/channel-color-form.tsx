import { accountMessages, COLOR_PATTERN, type ProfileUser } from '@flick/contract';
import { useId, useState, type FormEvent } from 'react';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { endSessionOnError } from '../../session/session-errors.ts';
import { useUpdateProfile } from '../../session/api/update-profile.ts';
import { Avatar, inkOn } from '../../../components/ui/avatar.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

/** Colours that sit well on Flick's dark surfaces, the brand pink first. */
export const channelColors: readonly { value: string; name: string }[] = [
  { value: '#ff2e88', name: msg('Flick pink') },
  { value: '#ff7a45', name: msg('Sunset') },
  { value: '#ff3347', name: msg('Live red') },
  { value: '#f5b700', name: msg('Gold') },
  { value: '#3ddc97', name: msg('Mint') },
  { value: '#19c3e6', name: msg('Cyan') },
  { value: '#4f7cff', name: msg('Blue') },
  { value: '#8b5cf6', name: msg('Violet') },
  { value: '#d946ef', name: msg('Orchid') },
  { value: '#f8fafc', name: msg('Snow') },
];

/** The palette, and the account's current colour first when it is not one of them. */
function paletteFor(current: string | null) {
  if (!current || !COLOR_PATTERN.test(current)) return channelColors;
  if (channelColors.some((color) => color.value === current.toLowerCase())) return channelColors;
  return [{ value: current.toLowerCase(), name: msg('Current color') }, ...channelColors];
}

/** accounts.md §2 channel-color (channels only): the colour behind the channel's initial. */
export function ChannelColorForm({ user }: { user: ProfileUser }) {
  const palette = paletteFor(user.color);
  const [color, setColor] = useState(user.color?.toLowerCase() ?? palette[0]!.value);
  const update = useUpdateProfile();
  const toast = useToast();
  const name = useId();
  const selected = palette.find((option) => option.value === color);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      { color },
      {
        onSuccess: () => toast(accountMessages.colorChanged),
        onError: (error) => {
          if (!endSessionOnError(error)) toast(accountMessages.colorFailed, { tone: 'error' });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <div className="panel flex items-center gap-4 p-5">
        <Avatar user={user} color={color} size="lg" />
        <div className="min-w-0">
          <p className="truncate text-lg font-bold">{user.name}</p>
          <p className="mt-1 text-sm text-muted">
            {selected ? t(selected.name) : t('Custom')} <span className="font-mono text-subtle uppercase">{color}</span>
          </p>
        </div>
      </div>

      <fieldset>
        <legend className="mb-3 text-sm font-semibold">{t('Color')}</legend>
        <div className="grid grid-cols-5 gap-3 sm:gap-4">
          {palette.map((option) => (
            <label key={option.value} className="group relative grid aspect-square cursor-pointer place-items-center">
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={color === option.value}
                onChange={() => setColor(option.value)}
                aria-label={t(option.name)}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="grid size-full max-w-16 place-items-center rounded-full ring-offset-4 ring-offset-ink transition-transform group-active:scale-95 peer-checked:ring-2 peer-checked:ring-fg peer-focus-visible:ring-2 peer-focus-visible:ring-accent-soft"
                style={{ backgroundColor: option.value, color: inkOn(option.value) }}
              >
                {color === option.value && <CheckIcon width="22" height="22" strokeWidth="3" />}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <SubmitButton busy={update.isPending} disabled={color === user.color?.toLowerCase()} className="w-full sm:w-auto sm:self-end sm:px-10">
        {t('Save')}
      </SubmitButton>
    </form>
  );
}
