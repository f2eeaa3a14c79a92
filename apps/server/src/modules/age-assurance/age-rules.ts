import type { AgeRule, AgeRuleInput, AgeRuleKind } from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isCountry, isRegion, type Place } from '../../lib/places.ts';

/** The row that stands for places the lookup cannot tell. */
export const FALLBACK_COUNTRY = '*';
/** How long an instance trusts its copy of the rules; an edit on this instance is seen at once. */
const RULES_TTL_MS = 5_000;

export interface PlaceRule {
  rule: AgeRuleKind;
  law: string | null;
  /** The place whose row applies ('GB', 'US-TX'), or null for none or the fallback. */
  place: string | null;
}

interface RuleRow {
  country: string;
  region: string;
  rule: AgeRuleKind;
  law: string;
  in_force_since: string | null;
  updated_at: Date;
}

const toRule = (row: RuleRow): AgeRule => ({
  country: row.country,
  region: row.region,
  rule: row.rule,
  law: row.law,
  inForceSince: row.in_force_since,
  updatedAt: row.updated_at.toISOString(),
});

/**
 * The rules per place (ADR 0030), read whole into memory (a few dozen rows) and asked on every request of
 * a gated route and every media file: a region's own rule, else its country's, else none; an unknown
 * place gets the fallback row's. A rule whose law starts later applies from that date.
 */
export function ageRules(pool: pg.Pool, { now = () => Date.now() }: { now?: () => number } = {}) {
  let cache: { rows: Map<string, RuleRow>; at: number } | null = null;
  let loading: Promise<Map<string, RuleRow>> | null = null;

  async function load(): Promise<Map<string, RuleRow>> {
    if (cache && now() - cache.at < RULES_TTL_MS) return cache.rows;
    loading ??= pool
      .query<RuleRow>(`select country, region, rule, law, to_char(in_force_since, 'YYYY-MM-DD') as in_force_since, updated_at from age_rules`)
      .then(({ rows }) => {
        const map = new Map(rows.map((row) => [`${row.country}-${row.region}`, row]));
        cache = { rows: map, at: now() };
        return map;
      })
      .finally(() => {
        loading = null;
      });
    // A failed reload keeps the last rules rather than opening every gate.
    try {
      return await loading;
    } catch (error) {
      if (cache) return cache.rows;
      throw error;
    }
  }

  const inForce = (row: RuleRow | undefined) => row !== undefined && (row.in_force_since === null || Date.parse(row.in_force_since) <= now());

  return {
    async ruleFor(place: Place | null): Promise<PlaceRule> {
      const rows = await load();
      const candidates = place ? [rows.get(`${place.country}-${place.region ?? ''}`), rows.get(`${place.country}-`)] : [rows.get(`${FALLBACK_COUNTRY}-`)];
      // A region without a row of its own takes its country's; a rule not yet in force is no rule.
      const row = candidates.find((candidate) => candidate !== undefined);
      if (!row || !inForce(row)) return { rule: 'none', law: null, place: null };
      const where = row.country === FALLBACK_COUNTRY ? null : row.region ? `${row.country}-${row.region}` : row.country;
      return { rule: row.rule, law: row.law || null, place: where };
    },

    async list(): Promise<AgeRule[]> {
      const { rows } = await pool.query<RuleRow>(
        `select country, region, rule, law, to_char(in_force_since, 'YYYY-MM-DD') as in_force_since, updated_at from age_rules
         order by country = '*' desc, country, region`,
      );
      return rows.map(toRule);
    },

    /** Sets the rule of a place (adding or replacing its row), recorded in the audit log. */
    async set(adminId: number, input: AgeRuleInput): Promise<AgeRule> {
      if (input.country !== FALLBACK_COUNTRY && !isCountry(input.country)) throw new HttpError(422, 'Choose a country.', { country: ['Choose a country.'] });
      if (input.region !== '' && (input.country === FALLBACK_COUNTRY || !isRegion(input.country, input.region))) {
        throw new HttpError(422, 'Choose a region of that country, or none.', { region: ['Choose a region of that country, or none.'] });
      }
      const client = await pool.connect();
      try {
        await client.query('begin');
        const before = await client.query<RuleRow>(`select * from age_rules where country = $1 and region = $2 for update`, [input.country, input.region]);
        const { rows } = await client.query<RuleRow>(
          `insert into age_rules (country, region, rule, law, in_force_since, updated_by, updated_at) values ($1, $2, $3, $4, $5, $6, now())
           on conflict (country, region) do update set rule = excluded.rule, law = excluded.law, in_force_since = excluded.in_force_since,
             updated_by = excluded.updated_by, updated_at = now()
           returning country, region, rule, law, to_char(in_force_since, 'YYYY-MM-DD') as in_force_since, updated_at`,
          [input.country, input.region, input.rule, input.law, input.inForceSince, adminId],
        );
        const after = toRule(rows[0]!);
        await recordAdminDecisionOn(client, {
          adminId,
          action: 'set an age rule',
          targetType: 'age-rule',
          targetId: null,
          before: before.rows[0] ? { country: before.rows[0].country, region: before.rows[0].region, rule: before.rows[0].rule, law: before.rows[0].law } : null,
          after: { country: after.country, region: after.region, rule: after.rule, law: after.law, inForceSince: after.inForceSince },
        });
        await client.query('commit');
        cache = null;
        return after;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },

    /** Removes a place's row (the fallback stays: set it to 'none' instead). */
    async remove(adminId: number, country: string, region: string): Promise<void> {
      if (country === FALLBACK_COUNTRY) throw new HttpError(422, 'The fallback rule cannot be removed; set it to none instead.');
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<RuleRow>(`delete from age_rules where country = $1 and region = $2 returning country, region, rule, law`, [country, region]);
        if (rows.length === 0) throw new HttpError(404, 'There is no rule for that place.');
        await recordAdminDecisionOn(client, {
          adminId,
          action: 'removed an age rule',
          targetType: 'age-rule',
          targetId: null,
          before: { country: rows[0]!.country, region: rows[0]!.region, rule: rows[0]!.rule, law: rows[0]!.law },
        });
        await client.query('commit');
        cache = null;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

export type AgeRules = ReturnType<typeof ageRules>;
