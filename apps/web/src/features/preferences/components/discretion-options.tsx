import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { setDiscretion, useDiscretion } from '../stores/discretion.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * Viewer discretion (issue 31): the three options, kept on this device and applied at once. The same
 * list in the feed's preferences, the account's settings and the side menu.
 */
export function DiscretionOptions() {
  const discretion = useDiscretion();
  return (
    <div className="flex flex-col gap-3">
      <Checkbox
        checked={discretion.blurSensitive}
        onChange={(blurSensitive) => setDiscretion({ blurSensitive })}
        description={t('Pictures of NSFW videos stay blurred in every grid until you tap them.')}
      >
        {t('Blur sensitive thumbnails')}
      </Checkbox>
      <Checkbox
        checked={discretion.neutralTitle}
        onChange={(neutralTitle) => setDiscretion({ neutralTitle })}
        description={t('The browser tab says only “Flick”, whatever you are watching.')}
      >
        {t('Neutral tab title')}
      </Checkbox>
      <Checkbox
        checked={discretion.quickExit}
        onChange={(quickExit) => setDiscretion({ quickExit })}
        description={t('A button that leaves for a neutral site at once (or press Escape twice). Back does not return here.')}
      >
        {t('Quick exit button')}
      </Checkbox>
    </div>
  );
}

/** The options under a heading of their own, for a screen or a sheet that holds other settings. */
export function DiscretionSection({ headingId = 'discretion-heading' }: { headingId?: string }) {
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-muted">
        {t('Discretion on this device')}
      </h3>
      <div className="mt-2">
        <DiscretionOptions />
      </div>
    </section>
  );
}

/** The options on their own, where the viewer has no settings screen at hand (the side menu). */
export function DiscretionSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <BottomSheet open={open} onClose={onClose} title={t('Discretion')}>
      <p className="mb-3 text-sm text-muted">{t('Kept on this device only, whether you are signed in or not.')}</p>
      <DiscretionOptions />
    </BottomSheet>
  );
}
