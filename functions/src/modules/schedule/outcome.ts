import { AppError } from '../../core/errors';
import type { Premium } from './premiums';
import { findingSchema, type Finding, type Outcome } from './schemas';
import { throwIfBlocked } from './shift-checks';

/**
 * What a schedule change does, as one list both a dry run and the real call answer: the findings
 * that block it (and the refusal they make), the warnings, and each premium it owes. A dry run
 * (`?dryRun=true`) reads what the real call reads and checks what it checks, then writes nothing;
 * the real call answers the same list with what it recorded (schemas.ts: outcomeSchema).
 */

/** The error `findings` make a write answer (null: none block). */
export function refusalOf(findings: Finding[]): AppError | null {
  try {
    throwIfBlocked(findings);
    return null;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
}

const owed = ({ id: _id, createdAt: _at, ...p }: Premium) => p;

/** The outcome of a change: its findings, split, and the premiums staged for it (none when refused). */
export function outcomeOf(dryRun: boolean, findings: readonly Finding[], premiums: readonly Premium[]): Outcome {
  const blocking = findings.filter((f) => f.blocking);
  const refusal = blocking.length ? refusalOf([...findings]) : null;
  return {
    dryRun,
    refusal: refusal ? { status: refusal.status, code: refusal.code, message: refusal.message } : null,
    blocking,
    warnings: findings.filter((f) => !f.blocking),
    premiums: refusal ? [] : premiums.map(owed),
  };
}

/**
 * The outcome a dry run answers for a call the real one refuses with `refusal` (a 409 or 422 of a
 * step that is not a shift check: a request's approval, an archive): the details that are findings
 * block it; no warnings, no premiums.
 */
export function refusedOutcome(refusal: AppError): Outcome {
  const blocking = (refusal.details ?? []).flatMap((d) => {
    const parsed = findingSchema.safeParse(d);
    return parsed.success ? [parsed.data] : [];
  });
  return {
    dryRun: true,
    refusal: { status: refusal.status, code: refusal.code, message: refusal.message },
    blocking,
    warnings: [],
    premiums: [],
  };
}
