import { categories, categoryLabels, TAG_SEARCH_MIN_LENGTH, type Category } from '@flick/contract';
import { useState } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { MultiChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../session/hooks/use-session.ts';
import { useTagSearch } from '../api/search-tags.ts';
import { saveAccountCategories } from '../api/sync-categories.ts';
import { DiscretionSection } from './discretion-options.tsx';
import { getSelectedTagList, setAutoplayNext, setCategories, setSelectedTagList, useFeedPreferences, type TagChoice } from '../stores/feed-preferences.ts';
import { t } from '../../../lib/i18n.ts';

/** Translated when shown. */
const categoryOptions = () => categories.map((value) => ({ value, label: t(categoryLabels[value]) }));

/** viewer.md §2 "Preferences: autoplay next, categories, tag search"; kept locally, applied at once. */
export function PreferencesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const preferences = useFeedPreferences();
  const session = useSession();
  const changeCategories = (next: Category[]) => {
    // viewer.md §5: at least one category stays selected.
    if (next.length === 0) return;
    setCategories(next);
    if (session) void saveAccountCategories(next);
  };

  return (
    <BottomSheet open={open} onClose={onClose} title={t('Preferences')}>
      <div className="flex flex-col gap-6">
        <Checkbox checked={preferences.autoplayNext} onChange={setAutoplayNext} description={t('When a video ends, the next one starts.')}>
          {t('Autoplay next video')}
        </Checkbox>
        <MultiChoiceCards legend={t('Categories')} options={categoryOptions()} value={preferences.categories} onChange={changeCategories} columns={2} />
        <TagPicker categories={preferences.categories} />
        <DiscretionSection />
      </div>
    </BottomSheet>
  );
}

function TagPicker({ categories: selectedCategories }: { categories: readonly Category[] }) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<TagChoice[]>(getSelectedTagList);
  const { tags, searching, searched } = useTagSearch(text, selectedCategories);

  function change(next: TagChoice[]) {
    setSelected(next);
    setSelectedTagList(next);
  }
  const isSelected = (id: number) => selected.some((tag) => tag.id === id);

  return (
    <section aria-labelledby="preferences-tags">
      <h3 id="preferences-tags" className="text-sm font-semibold text-muted">
        {t('Tags in your home feed')}
      </h3>
      {selected.length > 0 && (
        <ul aria-label={t('Selected tags')} className="mt-3 flex flex-wrap gap-2">
          {selected.map((tag) => (
            <li key={tag.id}>
              <button
                type="button"
                aria-label={t('Remove #{tag}', { tag: tag.name })}
                className="inline-flex h-9 items-center gap-1.5 rounded-full bg-brand pr-2.5 pl-3.5 text-sm font-semibold text-white"
                onClick={() => change(selected.filter((other) => other.id !== tag.id))}
              >
                #{tag.name}
                <CloseIcon width="16" height="16" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative mt-3">
        <input
          type="search"
          className="field pr-12"
          aria-label={t('Search tags')}
          placeholder={t('Search tags ({count}+ letters)', { count: TAG_SEARCH_MIN_LENGTH })}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {searching && <Spinner decorative className="absolute top-1/2 right-4 size-5 -translate-y-1/2" />}
      </div>
      {searched && tags.length === 0 && <p className="mt-3 text-sm text-muted">{t('No tags found.')}</p>}
      {tags.length > 0 && (
        <ul aria-label={t('Tag results')} className="mt-3 flex max-h-44 flex-wrap gap-2 overflow-y-auto">
          {tags.map((tag) => (
            <li key={tag.id}>
              <button
                type="button"
                aria-pressed={isSelected(tag.id)}
                className="inline-flex h-9 items-center rounded-full border border-line-strong bg-surface-2 px-3.5 text-sm font-medium aria-pressed:border-transparent aria-pressed:bg-accent/20 aria-pressed:text-accent-soft"
                onClick={() => change(isSelected(tag.id) ? selected.filter((other) => other.id !== tag.id) : [...selected, { id: tag.id, name: tag.name }])}
              >
                #{tag.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
