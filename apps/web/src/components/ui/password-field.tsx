import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './account-icons.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';
import { t } from '../../lib/i18n.ts';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOffIcon : EyeIcon;

  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="icon-btn text-muted hover:text-fg"
          aria-label={t('Show password')}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          <Icon width="20" height="20" />
        </button>
      }
    />
  );
}
