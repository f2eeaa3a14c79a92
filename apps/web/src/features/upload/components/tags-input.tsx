import { TAGS_MAX } from '@flick/contract';
import type { KeyboardEvent, Ref } from 'react';
import { FieldFrame } from '../../../components/ui/form-field.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { takeTags } from '../upload-details-values.ts';
import { t } from '../../../lib/i18n.ts';

export interface TagsState {
  tags: string[];
  /** What is typed and not added yet. */
  text: string;
  error: string | null;
}

export interface TagsInputProps extends TagsState {
  onChange: (next: TagsState) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * accounts.md §5: tags are added with Enter, a comma or the Add button, and each broken rule shows
 * its message. Added tags are chips with a remove button.
 */
export function TagsInput({ tags, text, error, onChange, inputRef }: TagsInputProps) {
  const add = () => {
    if (!text.trim()) return;
    onChange(takeTags(tags, text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  };

  return (
    <div>
      <FieldFrame label={t('Tags')} error={error} hint={t('Press Enter or type a comma to add a tag. No spaces or #.')} aside={`${tags.length} / ${TAGS_MAX}`}>
        {(control) => (
          <div className="flex gap-2">
            <input
              ref={inputRef}
              {...control}
              name="tags"
              className="field min-w-0 flex-1"
              value={text}
              placeholder={t('dance')}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="enter"
              onKeyDown={onKeyDown}
              onChange={(event) => {
                const value = event.target.value;
                if (value.includes(',')) onChange(takeTags(tags, value, { keepLast: true }));
                else onChange({ tags, text: value, error: null });
              }}
            />
            <button type="button" className="btn btn-secondary h-12 flex-none px-5" onClick={add}>
              {t('Add')}
            </button>
          </div>
        )}
      </FieldFrame>
      {tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="flex h-9 animate-pop-in items-center gap-0.5 rounded-full border border-accent/30 bg-accent/10 pr-0.5 pl-3 text-sm font-semibold text-fg"
            >
              <span className="text-accent-soft">#</span>
              {tag}
              <button
                type="button"
                aria-label={t('Remove tag {tag}', { tag })}
                className="relative grid size-8 place-items-center rounded-full text-muted transition-colors after:absolute after:-inset-1.5 hover:bg-white/10 hover:text-fg"
                onClick={() => onChange({ tags: tags.filter((item) => item !== tag), text, error: null })}
              >
                <CloseIcon width="15" height="15" strokeWidth="2.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
