import type { AgeRule } from '@flick/contract';
import type { ReactNode } from 'react';
import { ageRuleLabels, formatLawDay, fullPlaceName, notYetInForce, type GroupedRules, type PlaceNames, type PlacedRule } from '../age-rules.ts';
import { Badge, type BadgeTone } from './admin-ui.tsx';
import { AgeRuleEditor } from './age-rule-editor.tsx';
import { t } from '../../../lib/i18n.ts';
import { formatNumber, plural } from '../../../lib/format.ts';

const ruleTones: Record<AgeRule['rule'], BadgeTone> = { none: 'neutral', 'self-declaration': 'warn', assurance: 'danger' };

/** A row's key, which the open editor is known by: "US-TX", "FR-", "*-". */
export const ageRuleKey = (rule: Pick<AgeRule, 'country' | 'region'>) => `${rule.country}-${rule.region}`;
/** A table from 36rem of room (the console's column beside the shell's sidebars), a card per place below. */
const cell = '@xl:table-cell @xl:px-4 @xl:py-3 @xl:align-top';
const columns = 4;

/** A group's heading across the table: "Fallback", "Countries", "United States of America · 26 rules". */
function GroupHeading({ children }: { children: ReactNode }) {
  return (
    <tr className="block border-t border-line bg-surface-2/60 @xl:table-row">
      <th scope="rowgroup" colSpan={columns} className="block px-4 py-2 text-left text-xs font-bold tracking-[0.08em] text-subtle uppercase @xl:table-cell">
        {children}
      </th>
    </tr>
  );
}

/** When the law applies from: its day, and whether that day is still to come. */
function StartDay({ rule }: { rule: AgeRule }) {
  if (rule.inForceSince === null) return <span aria-label={t('No start date')}>–</span>;
  return (
    <>
      <span className="@xl:hidden">{t('since')} </span>
      <time dateTime={rule.inForceSince}>{formatLawDay(rule.inForceSince)}</time>
      {notYetInForce(rule) && <span className="block font-semibold text-accent-2">{t('Not yet in force')}</span>}
    </>
  );
}

interface RowProps {
  row: PlacedRule;
  /** The place in full, for the buttons' names and the editor: "Texas, United States of America". */
  place: string;
  open: boolean;
  onToggle: () => void;
  /** null for the fallback, which stays. */
  onRemove: (() => void) | null;
}

/**
 * One place: its name and code with its law under them, its rule and start day. In a narrow column a card
 * (Edit beside the name, the rule and day under the law); from 36rem a row of the table. Its editor opens
 * in a row of its own under it, with Remove.
 */
function RuleRow({ row, place, open, onToggle, onRemove }: RowProps) {
  const { rule } = row;
  return (
    <>
      <tr className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 border-t border-line px-4 py-3.5 @xl:table-row @xl:p-0">
        <th scope="row" className={`col-span-2 min-w-0 self-start text-left font-normal ${cell}`}>
          <span className="block">
            <span className="font-bold break-words">{row.name}</span>
            {row.code && (
              <>
                {' '}
                <span className="ml-1 text-xs text-muted">{row.code}</span>
              </>
            )}
          </span>
          {rule.law && <span className="mt-0.5 block break-words text-muted">{rule.law}</span>}
        </th>
        <td className={`col-start-1 row-start-2 ${cell}`}>
          <Badge tone={ruleTones[rule.rule]}>{t(ageRuleLabels[rule.rule])}</Badge>
        </td>
        <td className={`col-span-2 col-start-2 row-start-2 text-muted @xl:whitespace-nowrap ${rule.inForceSince === null ? 'hidden' : ''} ${cell}`}>
          <StartDay rule={rule} />
        </td>
        <td className={`col-start-3 row-start-1 self-start ${cell} @xl:text-right`}>
          <button
            type="button"
            className="btn btn-secondary h-10 px-4 aria-expanded:border-fg/40 aria-expanded:bg-surface-3"
            aria-expanded={open}
            aria-label={t('Edit the rule for {place}', { place })}
            onClick={onToggle}
          >
            {t('Edit')}
          </button>
        </td>
      </tr>
      {open && (
        <tr className="block @xl:table-row">
          <td colSpan={columns} className="block px-4 pt-1 pb-5 @xl:table-cell">
            <AgeRuleEditor rule={rule} place={place} onDone={onToggle} onRemove={onRemove} />
          </td>
        </tr>
      )}
    </>
  );
}

interface AgeRulesTableProps {
  grouped: GroupedRules;
  names: PlaceNames;
  /** The key of the row whose editor is open (one at a time), or null. */
  editing: string | null;
  onEdit: (key: string | null) => void;
  onRemove: (rule: AgeRule) => void;
}

/**
 * The rules by place: the fallback first, then the countries with one rule, then each country with rules
 * for its regions under its name.
 */
export function AgeRulesTable({ grouped, names, editing, onEdit, onRemove }: AgeRulesTableProps) {
  const rowOf = (row: PlacedRule, removable: boolean) => (
    <RuleRow
      key={ageRuleKey(row.rule)}
      row={row}
      place={fullPlaceName(row.rule, names)}
      open={editing === ageRuleKey(row.rule)}
      onToggle={() => onEdit(editing === ageRuleKey(row.rule) ? null : ageRuleKey(row.rule))}
      onRemove={removable ? () => onRemove(row.rule) : null}
    />
  );

  return (
    <div className="@container panel overflow-hidden">
      <table className="block w-full text-left text-sm @xl:table">
        <caption className="sr-only">{t('Age rules by place, the fallback first')}</caption>
        <thead className="hidden text-xs tracking-[0.08em] whitespace-nowrap text-subtle uppercase @xl:table-header-group">
          <tr>
            <th scope="col" className="w-full px-4 py-3 font-bold">
              {t('Place and law')}
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              {t('Rule')}
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              {t('In force since')}
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">{t('Change')}</span>
            </th>
          </tr>
        </thead>
        {grouped.fallback && (
          <tbody className="block @xl:table-row-group">
            <GroupHeading>{t('Fallback')}</GroupHeading>
            {rowOf({ rule: grouped.fallback, name: t('Unknown places'), code: '' }, false)}
          </tbody>
        )}
        {grouped.countries.length > 0 && (
          <tbody className="block @xl:table-row-group">
            <GroupHeading>{t('Countries')}</GroupHeading>
            {grouped.countries.map((row) => rowOf(row, true))}
          </tbody>
        )}
        {grouped.regional.map((country) => (
          <tbody key={country.country} className="block @xl:table-row-group">
            <GroupHeading>
              {country.name}{' '}
              <span className="font-semibold tracking-normal normal-case">
                · {plural(country.rows.length, '{count} rule', '{count} rules', formatNumber(country.rows.length))}
              </span>
            </GroupHeading>
            {country.rows.map((row) => rowOf(row, true))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
