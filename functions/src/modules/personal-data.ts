import type { DocumentData } from 'firebase-admin/firestore';

/**
 * The registry of personal data: each module says, in its definition (`personalData` in module.ts),
 * for every collection it owns, whether it holds a person's data, how to find it and what erasing
 * the person does to it. The privacy module (src/modules/privacy) exports and erases from this
 * alone, and a unit test refuses an owned collection without an entry.
 */

/** The ids a person is known by in stored documents. */
export interface PersonIds {
  /** Their employee record in the company, if any. */
  employeeId: string | null;
  /** Their user account (Firebase Auth uid), if any. */
  uid: string | null;
  /** Their job application in the company, if any. */
  applicationId: string | null;
  /** Their email, lower-cased, if known. */
  email: string | null;
}

export type PersonKey = keyof PersonIds;

/** `match` names this for a document whose id is the person's id. */
export const DOCUMENT_ID = '__id__';

export interface PersonalData {
  /** The fields that name the person, per kind of id (a field, or several: a request names its taker too). */
  match: Partial<Record<PersonKey, string | readonly string[]>>;
  /**
   * What erasing the person does to a matching document: `delete` it (and its file), or `reduce` it
   * to the person's id (the `fields` removed, `replace` written, `rewrite` applied): kept because
   * the company needs it (a `record` it must keep by law, or a record of others' work).
   */
  erase: 'delete' | 'reduce';
  /** Top-level fields holding the person's data, removed by `reduce`. */
  fields?: readonly string[];
  /** Fields written by `reduce` in place of removed ones a reader needs (a placeholder name). */
  replace?: Record<string, unknown>;
  /** For data nested in lists (a closed pay period's report rows): the document after erasure. */
  rewrite?: (data: DocumentData, person: PersonIds) => DocumentData;
  /**
   * The person's own part of a document that also holds other people's data (a pay period's report
   * lines, a swap with a coworker, an audit line naming its actor): what their export holds. Required
   * where a document can name several people (a `rewrite`, or `match` naming several fields of one
   * kind of id): a unit test refuses such an entry without it.
   */
  cut?: (data: DocumentData, person: PersonIds) => DocumentData;
  /**
   * Fields where a document of this collection may carry a copy of someone's name or contact details
   * as text (a notification's text, an answer kept for a retry, an audit value), whoever it belongs
   * to: erasure replaces each mention of the person in them with the placeholder, in every document
   * of the company's collection; the export leaves such copies out (they are other people's records).
   */
  copiesIn?: readonly string[];
  /** The field holding the Storage path of the document's file, deleted with the document. */
  file?: string;
  /** A record the company must keep for a statutory period after erasure, then deleted (src/modules/privacy/retention.ts). */
  record?: 'pay' | 'time';
  /** At the root: the field naming the company. Absent: the person's own account data, across companies. */
  companyField?: string;
}

/** Every collection a module owns, by name: its personal data, or `none` (it names no person). */
export type PersonalDataMap = Record<string, PersonalData | 'none'>;

/** What a person's export holds in place of another person's id (a coworker in their swap, the manager who approved it). */
export const SOMEONE_ELSE = 'someone-else';

/** The placeholder an erased person's name becomes where a reader needs a name. */
export const ERASED_NAME = { name: 'Erased', surname: 'person' } as const;

/** A collection holding people's data, with the rule of its owner: one entry of the registry of personal data (src/modules/registry.ts). */
export interface PersonalDataEntry {
  module: string;
  collection: string;
  scope: 'company' | 'root';
  rule: PersonalData;
}

/** The text an erased person's name, email or phone becomes in a copy elsewhere. */
export const ERASED_TEXT = `${ERASED_NAME.name} ${ERASED_NAME.surname}`;

/**
 * The cut of a document that names other people only as the actors of steps on the person's record
 * (who uploaded, approved, changed it): those fields read `someone-else` unless they name the person.
 */
export const actorsCut =
  (...fields: readonly string[]) =>
  (data: DocumentData, person: PersonIds): DocumentData => {
    const own = new Set([person.uid, person.employeeId].filter((id): id is string => !!id));
    const out = { ...data };
    for (const field of fields)
      if (typeof out[field] === 'string' && !own.has(out[field] as string)) out[field] = SOMEONE_ELSE;
    return out;
  };
