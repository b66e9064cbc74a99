import { sqlAlias } from './sql-alias';

/** The eligibility tag that lets every eligible member vote on a matter. */
export const EVERY_MEMBER = 'all';

export interface EligibilityMember {
  /** False takes the member out of every matter. */
  eligible: boolean;
  tags: readonly string[];
}

export interface EligibilityMatter {
  /** Member tags the matter is open to; `all` opens it to every eligible member. */
  eligibility: readonly string[];
}

/** Whether the member may vote on the matter: eligible, and `all` or a tag they share. */
export function isEligible(
  member: EligibilityMember,
  matter: EligibilityMatter,
): boolean {
  return (
    member.eligible &&
    (matter.eligibility.includes(EVERY_MEMBER) ||
      member.tags.some((tag) => matter.eligibility.includes(tag)))
  );
}

/**
 * {@link isEligible} as a SQL boolean over a `members` row and a `matters` row under the given
 * table aliases (columns `eligible`, `tags` and `eligibility`), for `sql.raw` on the hot path.
 */
export function eligibleSql(aliases: {
  member: string;
  matter: string;
}): string {
  const member = sqlAlias(aliases.member);
  const matter = sqlAlias(aliases.matter);
  return (
    `(${member}.eligible and (${matter}.eligibility ? '${EVERY_MEMBER}'` +
    ` or ${matter}.eligibility ?| array(select jsonb_array_elements_text(${member}.tags))))`
  );
}
