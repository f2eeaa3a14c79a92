import { TextField, type TextFieldProps } from './text-field.tsx';
import { t } from '../../lib/i18n.ts';

export interface EmailFieldProps extends Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'label'> {
  label?: TextFieldProps['label'];
  value: string;
  onValueChange: (email: string) => void;
}

/** An e-mail input labelled "Email"; accounts.md §5: spaces are not allowed, so they never get in. */
export function EmailField({ label = t('Email'), value, onValueChange, ...input }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder={t('you@example.com')}
      {...input}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/\s/g, ''))}
    />
  );
}
