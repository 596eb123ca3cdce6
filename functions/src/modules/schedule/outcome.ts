import { AppError } from '../../core/errors';
import type { Premium } from './premiums';
import type { Finding, Outcome } from './schemas';
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
