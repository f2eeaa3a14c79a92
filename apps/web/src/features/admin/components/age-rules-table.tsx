import type { AgeRule } from '@flick/contract';
import { useState, type ReactNode } from 'react';
import { ageRuleLabels, formatLawDay, fullPlaceName, notYetInForce, type GroupedRules, type PlaceNames, type PlacedRule } from '../age-rules.ts';
import { Badge, type BadgeTone } from './admin-ui.tsx';
import { AgeRuleEditor } from './age-rule-editor.tsx';

const ruleTones: Record<AgeRule['rule'], BadgeTone> = { none: 'neutral', 'self-declaration': 'warn', assurance: 'danger' };

const keyOf = (rule: AgeRule) => `${rule.country}-${rule.region}`;
const cell = 'md:px-4 md:py-3 md:align-top';
const columns = 5;

/** A group's heading across the table: "Fallback", "Countries", "United States · 26 rules". */
function GroupHeading({ children }: { children: ReactNode }) {
  return (
    <tr className="block border-t border-line bg-surface-2/60 md:table-row">
      <th scope="rowgroup" colSpan={columns} className="block px-4 py-2 text-left text-xs font-bold tracking-[0.08em] text-subtle uppercase md:table-cell">
        {children}
      </th>
    </tr>
  );
}

/** When the law applies from: its day, and whether that day is still to come. */
function StartDay({ rule }: { rule: AgeRule }) {
  if (rule.inForceSince === null) return <span aria-label="No start date">–</span>;
  return (
    <>
      <span className="md:hidden">In force since </span>
      <time dateTime={rule.inForceSince}>{formatLawDay(rule.inForceSince)}</time>
      {notYetInForce(rule) && <span className="block font-semibold text-accent-2">Not yet in force</span>}
    </>
  );
}

interface RowProps {
  row: PlacedRule;
  /** The place in full, for the buttons' names and the editor: "Texas, United States". */
  place: string;
  open: boolean;
  onToggle: () => void;
  /** null for the fallback, which stays. */
  onRemove: (() => void) | null;
}

/**
 * One place: its name and code, rule, law and start day; on a phone a card (the rule beside the name, the
 * rest under it), from md a row of the table. Its editor opens in a row of its own under it.
 */
function RuleRow({ row, place, open, onToggle, onRemove }: RowProps) {
  const { rule } = row;
  return (
    <>
      <tr className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-1 border-t border-line px-4 py-3.5 md:table-row md:p-0">
        <th scope="row" className={`min-w-0 text-left font-normal ${cell}`}>
          <span className="block font-bold break-words">{row.name}</span>
          <span className="block text-xs text-muted">{row.code}</span>
        </th>
        <td className={cell}>
          <Badge tone={ruleTones[rule.rule]}>{ageRuleLabels[rule.rule]}</Badge>
        </td>
        <td className={`col-span-2 min-w-0 break-words text-muted ${rule.law ? '' : 'hidden md:table-cell'} ${cell}`}>{rule.law || '–'}</td>
        <td className={`col-span-2 text-muted md:whitespace-nowrap ${rule.inForceSince === null ? 'hidden md:table-cell' : ''} ${cell}`}>
          <StartDay rule={rule} />
        </td>
        <td className={`col-span-2 mt-2 md:mt-0 ${cell}`}>
          <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
            <button
              type="button"
              className="btn btn-secondary aria-expanded:border-fg/40 aria-expanded:bg-surface-3"
              aria-expanded={open}
              aria-label={`Edit the rule for ${place}`}
              onClick={onToggle}
            >
              Edit
            </button>
            {onRemove && (
              <button type="button" className="btn btn-secondary" aria-label={`Remove the rule for ${place}`} onClick={onRemove}>
                Remove…
              </button>
            )}
          </div>
        </td>
      </tr>
      {open && (
        <tr className="block md:table-row">
          <td colSpan={columns} className="block px-4 pt-1 pb-5 md:table-cell">
            <AgeRuleEditor rule={rule} place={place} onDone={onToggle} />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * The rules by place: the fallback first, then the countries with one rule, then each country with rules
 * for its regions under its name. One editor open at a time.
 */
export function AgeRulesTable({ grouped, names, onRemove }: { grouped: GroupedRules; names: PlaceNames; onRemove: (rule: AgeRule) => void }) {
  const [editing, setEditing] = useState<string | null>(null);

  const rowOf = (row: PlacedRule, removable: boolean) => (
    <RuleRow
      key={keyOf(row.rule)}
      row={row}
      place={fullPlaceName(row.rule, names)}
      open={editing === keyOf(row.rule)}
      onToggle={() => setEditing((current) => (current === keyOf(row.rule) ? null : keyOf(row.rule)))}
      onRemove={removable ? () => onRemove(row.rule) : null}
    />
  );

  return (
    <div className="panel overflow-hidden">
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">Age rules by place, the fallback first</caption>
        <thead className="hidden text-xs tracking-[0.08em] text-subtle uppercase md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-bold">
              Place
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              Rule
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              Law
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              In force since
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Changes</span>
            </th>
          </tr>
        </thead>
        {grouped.fallback && (
          <tbody className="block md:table-row-group">
            <GroupHeading>Fallback</GroupHeading>
            {rowOf({ rule: grouped.fallback, name: 'Unknown places', code: 'Where the lookup cannot tell' }, false)}
          </tbody>
        )}
        {grouped.countries.length > 0 && (
          <tbody className="block md:table-row-group">
            <GroupHeading>Countries</GroupHeading>
            {grouped.countries.map((row) => rowOf(row, true))}
          </tbody>
        )}
        {grouped.regional.map((country) => (
          <tbody key={country.country} className="block md:table-row-group">
            <GroupHeading>
              {country.name} <span className="font-semibold tracking-normal normal-case">· {country.rows.length === 1 ? '1 rule' : `${country.rows.length} rules`}</span>
            </GroupHeading>
            {country.rows.map((row) => rowOf(row, true))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
